import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatDateTime, formatDay, formatNumber, formatPrice, formatRelativeTime, formatShortDay, fromPaise, toPaise } from "./format.ts";

describe("formatPrice", () => {
  it("shows INR with two decimals in en-IN grouping", () => {
    expect(formatPrice("129999.5")).toBe("₹1,29,999.50");
    expect(formatPrice(0)).toBe("₹0.00");
  });

  const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it("writes exactly what Intl.NumberFormat('en-IN', INR) writes", () => {
    for (const value of [0, -0, -0.001, 0.005, 1.005, 2.675, 999.995, 1000, 100000, 1e7, 12345678901.99, -1234.5, 9.99e20, 1e21, Number.NaN, Infinity, -Infinity]) {
      expect(formatPrice(value)).toBe(intl.format(value));
    }
    fc.assert(fc.property(fc.double({ min: -1e22, max: 1e22 }), (value) => formatPrice(value) === intl.format(value)), { numRuns: 5000 });
    const decimal = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.integer({ min: 0, max: 99 })).map(([rupees, paise]) => `${rupees}.${String(paise).padStart(2, "0")}`);
    fc.assert(fc.property(decimal, (price) => formatPrice(price) === intl.format(Number(price))), { numRuns: 5000 });
  });
});

describe("formatDay", () => {
  it("shows a day as en-IN's day, short month and year", () => {
    expect(formatDay("2026-11-05T10:00:00Z")).toBe(new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" }).format(new Date("2026-11-05T10:00:00Z")));
    expect(formatDay(new Date(2026, 10, 5))).toMatch(/^5 Nov 2026$/);
  });

  it("reads a 'YYYY-MM-DD' day as that calendar day in every time zone", () => {
    // A UTC day taken as a moment is the day before in a reader west of Greenwich.
    expect(formatDay("2026-11-05")).toBe("5 Nov 2026");
    expect(formatShortDay("2026-01-01")).toBe("1 Jan");
  });
});

describe("formatShortDay", () => {
  it("is formatDay without the year, for a chart's axis", () => {
    const moment = new Date(2026, 10, 8, 12);
    expect(formatShortDay(moment)).toBe("8 Nov");
    expect(formatDay(moment)).toBe(`${formatShortDay(moment)} 2026`);
  });
});

describe("formatDateTime", () => {
  it("shows formatDay's day with the time, en-IN", () => {
    const moment = new Date(2026, 11, 7, 15, 4);
    expect(formatDateTime(moment)).toMatch(/^7 Dec 2026, 3:04\spm$/);
    expect(formatDateTime(moment.toISOString())).toBe(formatDateTime(moment));
    expect(formatDateTime(moment).startsWith(formatDay(moment))).toBe(true);
  });
});

describe("formatNumber", () => {
  it("groups a number in full as en-IN does", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1,000");
    expect(formatNumber(1234567)).toBe("12,34,567");
    expect(formatNumber(-45678)).toBe("-45,678");
    expect(formatNumber(10_000_000n)).toBe("1,00,00,000");
    expect(formatNumber(99.456)).toBe("99.46");
  });

  it("writes exactly what Intl.NumberFormat('en-IN') writes", () => {
    const intl = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
    fc.assert(fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double({ min: -1e15, max: 1e15, noNaN: true })), (value) => formatNumber(value) === intl.format(value)), { numRuns: 3000 });
  });
});

describe("formatCount", () => {
  it("keeps counts up to 999 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
  });
  it("abbreviates above 999 as x.xk without rounding up", () => {
    expect(formatCount(1000)).toBe("1.0k");
    expect(formatCount(1299)).toBe("1.2k");
    expect(formatCount(15_430)).toBe("15.4k");
    expect(formatCount(999_999)).toBe("999.9k");
  });
  it("reads a million and more as x.xM", () => {
    expect(formatCount(1_000_000)).toBe("1.0M");
    expect(formatCount(1_049_999)).toBe("1.0M");
    expect(formatCount(12_345_678)).toBe("12.3M");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2026-01-10T12:00:00Z");
  it("follows the spec's thresholds", () => {
    expect(formatRelativeTime(new Date("2026-01-10T11:59:01Z"), now)).toBe("just now");
    expect(formatRelativeTime(new Date("2026-01-10T11:59:00Z"), now)).toBe("1m ago");
    expect(formatRelativeTime(new Date("2026-01-10T10:00:00Z"), now)).toBe("2h ago");
    expect(formatRelativeTime(new Date("2026-01-07T12:00:00Z"), now)).toBe("3d ago");
  });
});

describe("paise", () => {
  it("round-trips decimal strings without float error", () => {
    expect(toPaise("0.10") + toPaise("0.20")).toBe(30);
    expect(fromPaise(toPaise("1999.99") * 3)).toBe("5999.97");
    expect(toPaise("5")).toBe(500);
  });
});
