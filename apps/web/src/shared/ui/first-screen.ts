import { useEffect, useSyncExternalStore } from "react";

// Whether the first screen the visitor came for has painted: work that is not part of it (the
// first visit's marketplace dialog, the feed's neighbour cards) waits for it (issue #14). Only the
// feed at / announces its paint; any other first screen counts as painted from the start.

const listeners = new Set<() => void>();
let painted = typeof window === "undefined" || window.location.pathname !== "/";

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFirstScreenPainted(): boolean {
  return useSyncExternalStore(subscribe, () => painted, () => painted);
}

/** Called by the feed with `ready` once it renders its first card (or its empty or error state). */
export function useAnnounceFirstScreen(ready: boolean): void {
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(markPainted);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
}
