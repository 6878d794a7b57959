import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatDay, formatPrice, formatRelativeTime, fromPaise, toPaise } from "./format.ts";

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
