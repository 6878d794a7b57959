import { startTransition, useEffect, useState } from "react";

// Whether the first screen the visitor came for has painted: work that is not part of it (the
// first visit's marketplace dialog, the feed's neighbour cards) waits for it (issue #14). Only the
// feed at / announces its paint; any other first screen counts as painted from the start.

const listeners = new Set<() => void>();
let painted = typeof window === "undefined" || window.location.pathname !== "/";

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether the first screen has painted. The change renders as a transition: what waits for the
 * paint (the neighbour cards, the first visit's dialog) is rendered in slices, not in one long task
 * (TBT, issue #14). A store read (useSyncExternalStore) would render it synchronously.
 */
export function useFirstScreenPainted(): boolean {
  const [shown, setShown] = useState(painted);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    // Painted between this render and this effect.
    if (painted) {
      show();
      return;
    }
    return subscribe(show);
  }, [shown]);
  return shown;
}

/** Calls `callback` once the first screen has painted (at once if it has); returns the cancellation. */
export function onFirstScreenPainted(callback: () => void): () => void {
  if (painted) {
    callback();
    return () => {};
  }
  const once = () => {
    unsubscribe();
    callback();
  };
  const unsubscribe = subscribe(once);
  return unsubscribe;
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
