import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coalescedTimeouts } from "./query-timers.ts";

describe("coalescedTimeouts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs each timeout at its delay, in order of due time, on one platform timer", () => {
    const timeouts = coalescedTimeouts();
    const ran: string[] = [];
    timeouts.setTimeout(() => ran.push("60s"), 60_000);
    timeouts.setTimeout(() => ran.push("10m"), 600_000);
    timeouts.setTimeout(() => ran.push("1s"), 1000);
    timeouts.setTimeout(() => ran.push("1s, second"), 1000);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["1s", "1s, second"]);
    vi.advanceTimersByTime(59_000);
    expect(ran).toEqual(["1s", "1s, second", "60s"]);
    vi.advanceTimersByTime(540_000);
    expect(ran).toEqual(["1s", "1s, second", "60s", "10m"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a later timeout arms nothing; an earlier one re-arms the platform timer", () => {
    const timeouts = coalescedTimeouts();
    const ran: string[] = [];
    timeouts.setTimeout(() => ran.push("5s"), 5000);
    timeouts.setTimeout(() => ran.push("60s"), 60_000);
    timeouts.setTimeout(() => ran.push("0"), 0);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(["0"]);
    vi.advanceTimersByTime(5000);
    expect(ran).toEqual(["0", "5s"]);
  });

  it("a cleared timeout never runs, also when cleared by a callback due at the same time", () => {
    const timeouts = coalescedTimeouts();
    const ran: string[] = [];
    const cleared = timeouts.setTimeout(() => ran.push("cleared"), 1000);
    timeouts.clearTimeout(cleared);
    let second = 0;
    timeouts.setTimeout(() => {
      ran.push("first");
      timeouts.clearTimeout(second);
    }, 2000);
    second = timeouts.setTimeout(() => ran.push("second"), 2000);
    timeouts.clearTimeout(undefined);
    vi.advanceTimersByTime(2000);
    expect(ran).toEqual(["first"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a timeout set by a callback runs at its own delay", () => {
    const timeouts = coalescedTimeouts();
    const ran: number[] = [];
    timeouts.setTimeout(() => timeouts.setTimeout(() => ran.push(Date.now()), 500), 1000);
    const start = Date.now();
    vi.advanceTimersByTime(1499);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([start + 1500]);
  });

  it("after a callback throws, the timeouts due with it still run", () => {
    const timeouts = coalescedTimeouts();
    const ran: string[] = [];
    timeouts.setTimeout(() => {
      throw new Error("boom");
    }, 1000);
    timeouts.setTimeout(() => ran.push("after"), 1000);
    expect(() => vi.advanceTimersByTime(1000)).toThrow("boom");
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(["after"]);
  });

  it("keeps the platform's intervals", () => {
    const timeouts = coalescedTimeouts();
    const tick = vi.fn();
    const id = timeouts.setInterval(tick, 100);
    vi.advanceTimersByTime(300);
    expect(tick).toHaveBeenCalledTimes(3);
    timeouts.clearInterval(id);
    vi.advanceTimersByTime(300);
    expect(tick).toHaveBeenCalledTimes(3);
  });
});
