import { describe, expect, it } from "vitest";
import { clampZoom, isDoubleTap, swipeDirection, wrapIndex } from "./lightbox-gestures.ts";

describe("lightbox rules", () => {
  it("wraps the index both ways", () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
  });

  it("keeps zoom between 1 and 4", () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(9)).toBe(4);
  });

  it("counts a swipe only past 50 px in under 300 ms at zoom 1", () => {
    expect(swipeDirection(-51, 299, 1)).toBe(1);
    expect(swipeDirection(51, 100, 1)).toBe(-1);
    expect(swipeDirection(-50, 100, 1)).toBe(0);
    expect(swipeDirection(-80, 300, 1)).toBe(0);
    expect(swipeDirection(-80, 100, 1.5)).toBe(0);
  });

  it("recognises a double tap within 300 ms and 40 px", () => {
    expect(isDoubleTap({ x: 0, y: 0, at: 0 }, { x: 30, y: 20, at: 300 })).toBe(true);
    expect(isDoubleTap({ x: 0, y: 0, at: 0 }, { x: 0, y: 0, at: 301 })).toBe(false);
    expect(isDoubleTap({ x: 0, y: 0, at: 0 }, { x: 41, y: 0, at: 10 })).toBe(false);
    expect(isDoubleTap(null, { x: 0, y: 0, at: 0 })).toBe(false);
  });
});
