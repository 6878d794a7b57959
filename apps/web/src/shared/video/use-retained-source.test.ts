import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRetainedSource } from "./use-retained-source.ts";

describe("useRetainedSource", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("holds the source in range and for 2 s after leaving it", () => {
    const { result, rerender } = renderHook(({ inRange }) => useRetainedSource(inRange), { initialProps: { inRange: true } });
    expect(result.current).toBe(true);
    rerender({ inRange: false });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it("keeps the source when the card comes back within the 2 s", () => {
    const { result, rerender } = renderHook(({ inRange }) => useRetainedSource(inRange), { initialProps: { inRange: true } });
    rerender({ inRange: false });
    act(() => vi.advanceTimersByTime(1500));
    rerender({ inRange: true });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(true);
  });

  it("holds no source for a card that mounts out of range", () => {
    const { result } = renderHook(() => useRetainedSource(false));
    expect(result.current).toBe(false);
  });
});
