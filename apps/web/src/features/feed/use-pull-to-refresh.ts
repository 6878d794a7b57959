import { PULL_SMALL_LIST_DELAY_MS, isPullArmed, pullDistance } from "@reelmart/core/gestures";
import { useEffect, useRef, useState } from "react";
import { WORKER_SHUFFLE_THRESHOLD } from "./shuffle.ts";

export type PullState = { phase: "idle" } | { phase: "pulling"; distance: number } | { phase: "refreshing" };

/**
 * Pull-to-refresh on a scroll container (001 §2, §9): pulling down from the top moves the hint up
 * to 150 px; past 80 px it arms ('Release to refresh'); releasing armed runs onRefresh. A small
 * list refreshes so fast the hint would flash, so it is held for at least 800 ms.
 */
export function usePullToRefresh(element: HTMLElement | null, onRefresh: () => Promise<unknown>, listSize: number): PullState {
  const [state, setState] = useState<PullState>({ phase: "idle" });
  const latest = useRef({ onRefresh, listSize, state });
  useEffect(() => {
    latest.current = { onRefresh, listSize, state };
  });

  useEffect(() => {
    if (!element) return;
    let startY: number | null = null;
    let distance = 0;
    let alive = true;

    const onStart = (event: TouchEvent) => {
      if (latest.current.state.phase === "refreshing" || element.scrollTop > 0 || event.touches.length !== 1) return;
      startY = event.touches[0]!.clientY;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      const dy = event.touches[0]!.clientY - startY;
      if (dy <= 0 || element.scrollTop > 0) {
        if (distance > 0) setState({ phase: "idle" });
        distance = 0;
        return;
      }
      distance = pullDistance(dy);
      setState({ phase: "pulling", distance });
    };
    const onEnd = async () => {
      if (startY === null) return;
      startY = null;
      if (!isPullArmed(distance)) {
        setState({ phase: "idle" });
        return;
      }
      setState({ phase: "refreshing" });
      const minimum =
        latest.current.listSize <= WORKER_SHUFFLE_THRESHOLD ? new Promise((resolve) => setTimeout(resolve, PULL_SMALL_LIST_DELAY_MS)) : null;
      await Promise.allSettled([latest.current.onRefresh(), minimum]);
      if (alive) setState({ phase: "idle" });
    };

    element.addEventListener("touchstart", onStart, { passive: true });
    element.addEventListener("touchmove", onMove, { passive: true });
    element.addEventListener("touchend", onEnd);
    element.addEventListener("touchcancel", onEnd);
    return () => {
      alive = false;
      element.removeEventListener("touchstart", onStart);
      element.removeEventListener("touchmove", onMove);
      element.removeEventListener("touchend", onEnd);
      element.removeEventListener("touchcancel", onEnd);
    };
  }, [element]);

  return state;
}
