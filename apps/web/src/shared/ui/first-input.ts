import { useEffect } from "react";

// Code the first screen does not need (the toaster, the feed rail's drawers) loads after the
// shopper's first tap, click or key press, once the browser is idle: not during the page load, where
// it competed with the first card for the main thread (issue #14), and still ahead of its first use
// in most cases. A use before that loads it on demand.

const INPUTS = ["pointerdown", "keydown"] as const;

/** Runs `load` once, when the browser is idle after the first input from now on (until `enabled` turns false). */
export function useLoadAfterFirstInput(load: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopListening = () => {
      for (const type of INPUTS) window.removeEventListener(type, onInput, true);
    };
    function onInput() {
      stopListening();
      if (typeof requestIdleCallback === "undefined") timer = setTimeout(load, 500);
      else idle = requestIdleCallback(load, { timeout: 2000 });
    }
    for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    return () => {
      stopListening();
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [load, enabled]);
}
