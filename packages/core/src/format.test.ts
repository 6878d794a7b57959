import { describe, expect, it } from "vitest";
import { formatCount, formatPrice, formatRelativeTime, fromPaise, toPaise } from "./format.ts";

describe("formatPrice", () => {
  it("shows INR with two decimals in en-IN grouping", () => {
    expect(formatPrice("129999.5")).toBe("₹1,29,999.50");
    expect(formatPrice(0)).toBe("₹0.00");
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
