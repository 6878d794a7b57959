import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAnnounceFirstScreen } from "../../shared/ui/first-screen.ts";
import { startPwa } from "./pwa.ts";

// jsdom has no service workers: the browser's container is stood in for, to see when the app
// registers. jsdom's page is "/", whose first screen is the feed's first card.
function Feed({ ready }: { ready: boolean }) {
  useAnnounceFirstScreen(ready);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("the service worker's registration", () => {
  it("waits for the feed's first card to paint and 3 s more, then registers /sw.js once", async () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    vi.stubEnv("DEV", false);
    const register = vi.fn(() => Promise.resolve({}));
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { serviceWorker: { register, addEventListener: vi.fn() } }));
    expect(document.readyState).toBe("complete");

    startPwa();
    startPwa();
    const { rerender } = render(<Feed ready={false} />);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(register).not.toHaveBeenCalled();

    rerender(<Feed ready />);
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(register).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(register).toHaveBeenCalledExactlyOnceWith("/sw.js", { scope: "/" });
  });
});
