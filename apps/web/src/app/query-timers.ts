import type { TimeoutCallback, TimeoutProvider } from "@tanstack/react-query";

/**
 * React Query's timeouts (every observer's stale time, every query's gc time, retry delays) on one
 * platform timer, armed for the earliest of them (React Query's own extension point, its
 * `timeoutManager`). A card subscribes a handful of observers as it mounts, each setting and
 * clearing timers inside React's commit. Chrome records a stack for every timer call while tracing:
 * 0.2–0.7 ms per set and clear in Chromium 156 (deeper stacks cost more; untraced, microseconds),
 * which Lighthouse's TBT counts four times (issue #14, decision 177). Coalesced, most calls only
 * touch a Map: a minute's stale time or ten minutes' gc time arms nothing while an earlier timeout
 * is pending. Intervals keep the platform's own.
 */
export function coalescedTimeouts(): TimeoutProvider<number> {
  const timeouts = new Map<number, { due: number; callback: TimeoutCallback }>();
  let lastId = 0;
  let armed: { at: number; timer: ReturnType<typeof setTimeout> } | null = null;

  const arm = (at: number) => {
    if (armed && armed.at <= at) return;
    if (armed) clearTimeout(armed.timer);
    armed = { at, timer: setTimeout(fire, Math.max(0, at - Date.now())) };
  };

  function fire() {
    armed = null;
    const now = Date.now();
    const due = [...timeouts].filter(([, timeout]) => timeout.due <= now).sort(([idA, a], [idB, b]) => a.due - b.due || idA - idB);
    try {
      for (const [id, timeout] of due) {
        // Cleared by a callback before it in this round: skipped, as the platform would.
        if (timeouts.delete(id)) timeout.callback();
      }
    } finally {
      // Also after a callback threw: what is left still runs, from the next platform timer.
      let next = Infinity;
      for (const timeout of timeouts.values()) next = Math.min(next, timeout.due);
      if (next !== Infinity) arm(next);
    }
  }

  return {
    setTimeout(callback, delay) {
      lastId += 1;
      const due = Date.now() + Math.max(0, delay);
      timeouts.set(lastId, { due, callback });
      arm(due);
      return lastId;
    },
    // The platform timer stays armed: when it fires with nothing due it re-arms for what is left.
    clearTimeout(id) {
      if (id !== undefined) timeouts.delete(id);
    },
    setInterval: (callback, delay) => window.setInterval(callback, delay),
    clearInterval: (id) => window.clearInterval(id),
  };
}
