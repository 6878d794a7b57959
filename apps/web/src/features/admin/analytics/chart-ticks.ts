import { formatDay, formatNumber, formatShortDay } from "@reelmart/core/format";

// The analytics chart's words, written as the screens write them (format.ts), not by uPlot's own
// formatting ('11/8', a browser-locale 1,000). Apart from the chart so they are testable without a canvas.

export const DAY_SECONDS = 86_400;

/** The UTC day ('YYYY-MM-DD') a point of the chart stands for: the x scale is in seconds of UTC midnights. */
const dayAt = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The x axis' labels: '8 Nov', the daily table's '8 Nov 2026' without the year. */
export const dayTicks = (splits: number[]) => splits.map((seconds) => formatShortDay(dayAt(seconds)));

/** The legend's day: the daily table's. */
export const legendDay = (seconds: number | null) => (seconds === null ? "–" : formatDay(dayAt(seconds)));

/** The y axis' labels and the legend's figures. */
export const countTicks = (splits: number[]) => splits.map((value) => formatNumber(value));
export const legendCount = (value: number | null) => (value === null ? "–" : formatNumber(value));
