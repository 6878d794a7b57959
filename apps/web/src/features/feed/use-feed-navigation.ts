import type { FeedItem } from "@reelmart/core/api/feed";
import { ORIENTATION_REMEASURE_MS } from "@reelmart/core/constants";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { toggleMuted } from "../../shared/video/mute-store.ts";
import type { VideoPlayerHandle } from "../../shared/video/video-player.tsx";

/**
 * Which card of the feed is on screen, and the ways of moving between cards: scrolling (snap points),
 * the keyboard, and re-aligning after a rotation. Cards register their players so the new card starts
 * playing within the scroll event, before React re-renders.
 */
export function useFeedNavigation(items: readonly FeedItem[]) {
  const [current, setCurrent] = useState(0);
  // State, not a ref: the list mounts after the first page arrives and the listeners must follow it.
  const [scroller, setScrollerState] = useState<HTMLDivElement | null>(null);
  // The list's ref callback runs inside React's commit, where an urgent update re-renders the feed
  // in the commit's own task, after running every passive effect of the commit first (with the
  // first card: a ~300 ms task in Lighthouse's trace, issue #14). As a transition it renders apart.
  const setScroller = useCallback((element: HTMLDivElement | null) => startTransition(() => setScrollerState(element)), []);
  const players = useRef(new Map<string, VideoPlayerHandle>());

  const scrollToIndex = useCallback(
    (index: number, behavior: ScrollBehavior = "smooth") => scroller?.scrollTo({ top: index * scroller.clientHeight, behavior }),
    [scroller],
  );

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  // Each scroll event reads which card fills the screen (snap points make it an exact multiple); the
  // new card starts playing right there, and React catches up on the next frame.
  useEffect(() => {
    const element = scroller;
    if (!element) return;
    let frame = 0;
    let shown = -1;
    const onScroll = () => {
      const index = Math.round(element.scrollTop / Math.max(element.clientHeight, 1));
      if (index !== shown) {
        shown = index;
        const item = itemsRef.current[index];
        if (item) players.current.get(item.id)?.playNow();
      }
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(index));
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("scroll", onScroll);
    };
  }, [scroller]);

  // After a rotation the card height changes; re-align on the current card once layout settles.
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const remeasure = () => {
      clearTimeout(timer);
      timer = setTimeout(() => scrollToIndex(currentRef.current, "instant"), ORIENTATION_REMEASURE_MS);
    };
    window.addEventListener("orientationchange", remeasure);
    screen.orientation?.addEventListener("change", remeasure);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("orientationchange", remeasure);
      screen.orientation?.removeEventListener("change", remeasure);
    };
  }, [scrollToIndex]);

  // Keyboard: ArrowUp/ArrowDown move between cards, Space toggles play, M mutes.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target?.closest("input, textarea, select, [role='dialog'], [role='menu']")) return;
      const active = items[current];
      if (event.key === "ArrowDown") scrollToIndex(Math.min(current + 1, items.length - 1));
      else if (event.key === "ArrowUp") scrollToIndex(Math.max(current - 1, 0));
      else if (event.key === " " && !target?.closest("button, a")) {
        if (active) players.current.get(active.id)?.togglePlay();
      } else if (event.key === "m" || event.key === "M") toggleMuted();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, items, scrollToIndex]);

  return { current, setCurrent, scroller, setScroller, players, scrollToIndex };
}
