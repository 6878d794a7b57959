import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { onFirstScreenPainted, useAnnounceFirstScreen, useFirstScreenPainted } from "./first-screen.ts";

// jsdom's page is "/": the feed's first screen has not painted until the feed announces it.
function Feed({ ready }: { ready: boolean }) {
  useAnnounceFirstScreen(ready);
  return <p>{useFirstScreenPainted() ? "neighbours shown" : "first card only"}</p>;
}

describe("the first-screen signal", () => {
  it("shows what waits for the first paint once the feed's first card has painted, and calls the waiting callbacks once", async () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "setTimeout", "clearTimeout"] });
    try {
      const removeBootPoster = vi.fn();
      const cancelled = vi.fn();
      onFirstScreenPainted(removeBootPoster);
      onFirstScreenPainted(cancelled)();
      const { rerender } = render(<Feed ready={false} />);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.getByText("first card only")).toBeTruthy();
      expect(removeBootPoster).not.toHaveBeenCalled();

      rerender(<Feed ready />);
      // The frame before the paint, then the task after it.
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.getByText("neighbours shown")).toBeTruthy();
      expect(removeBootPoster).toHaveBeenCalledOnce();
      expect(cancelled).not.toHaveBeenCalled();

      // Later callers are told at once.
      const late = vi.fn();
      onFirstScreenPainted(late);
      expect(late).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
