import type { AnalyticsSeries } from "@reelmart/core/api/analytics";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { DAY_SECONDS, countTicks, dayTicks, legendCount, legendDay } from "./chart-ticks.ts";

// Ticks a whole day apart at least (the figures are daily), and whole counts: a day has no 3 pm, and
// nobody made half an order.
const DAY_INCREMENTS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY_SECONDS);
const COUNT_INCREMENTS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/** Views, add-to-carts and orders per day, drawn by uPlot to the width of its frame. Hidden from screen readers: the table beside it says the same. */
export function SeriesChart({ days }: { days: AnalyticsSeries["days"] }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      days.map((day) => day.views),
      days.map((day) => day.addToCarts),
      days.map((day) => day.orders),
    ];
    const look = { stroke: "#a3a3a3", grid: { stroke: "rgba(255,255,255,0.08)" }, ticks: { stroke: "rgba(255,255,255,0.15)" } };
    const count = (_chart: uPlot, value: number | null) => legendCount(value);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        series: [
          { value: (_chart, seconds) => legendDay(seconds) },
          { label: "Views", stroke: "#fb7185", width: 2, value: count },
          { label: "Add to carts", stroke: "#38bdf8", width: 2, value: count },
          { label: "Orders", stroke: "#facc15", width: 2, value: count },
        ],
        axes: [
          { ...look, incrs: DAY_INCREMENTS, values: (_chart, splits) => dayTicks(splits) },
          { ...look, incrs: COUNT_INCREMENTS, values: (_chart, splits) => countTicks(splits) },
        ],
        scales: { x: { time: true } },
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={frame} aria-hidden="true" className="w-full text-neutral-300" />;
}
