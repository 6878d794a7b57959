import { describe, expect, it } from "vitest";
import { classifySwipe, dragOffset, dragOpacity, isDoubleTap, isPullArmed, lockAxis, pullDistance } from "./gestures.ts";

describe("lockAxis", () => {
  it("stays unlocked up to 15 px, then locks to the dominant axis", () => {
    expect(lockAxis(15, 0)).toBeNull();
    expect(lockAxis(-10, 12)).toBeNull();
    expect(lockAxis(16, 3)).toBe("horizontal");
    expect(lockAxis(4, -16)).toBe("vertical");
  });
});

describe("drag", () => {
  it("moves at half the distance, capped at 100 px, and fades", () => {
    expect(dragOffset(60)).toBe(30);
    expect(dragOffset(-500)).toBe(-100);
    expect(dragOpacity(0)).toBe(1);
    expect(dragOpacity(400)).toBe(0.5);
  });
});

describe("classifySwipe", () => {
  it("counts more than 70 px regardless of speed", () => {
    expect(classifySwipe(-71, 1000)).toBe("left");
    expect(classifySwipe(71, 1000)).toBe("right");
    expect(classifySwipe(70, 1000)).toBeNull();
  });
  it("counts a fast flick above 0.5 px/ms", () => {
    expect(classifySwipe(-40, 50)).toBe("left");
    expect(classifySwipe(40, 80)).toBeNull();
  });
});

describe("isDoubleTap", () => {
  const first = { x: 100, y: 100, time: 1000 };
  it("needs two taps within 300 ms and 40 px", () => {
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { x: 120, y: 120, time: 1300 })).toBe(true);
    expect(isDoubleTap(first, { x: 120, y: 120, time: 1301 })).toBe(false);
    expect(isDoubleTap(first, { x: 141, y: 100, time: 1100 })).toBe(false);
  });
});

describe("pull to refresh", () => {
  it("caps at 150 and arms past 80", () => {
    expect(pullDistance(400)).toBe(150);
    expect(pullDistance(-5)).toBe(0);
    expect(isPullArmed(80)).toBe(false);
    expect(isPullArmed(81)).toBe(true);
  });
});
