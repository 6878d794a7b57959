import { useCallback, useEffect, useRef } from "react";

/** How far below the viewport the end of the list starts loading the next page. */
const AHEAD_MARGIN = "600px";

/**
 * A ref for the element after a list: when it comes near the viewport, `loadMore` runs (infinite
 * scroll). The button inside it stays for keyboards and browsers without IntersectionObserver.
 */
export function useLoadMoreWhenVisible(loadMore: () => void) {
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  const observer = useRef<IntersectionObserver | null>(null);
  return useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === "undefined") return;
    observer.current = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: AHEAD_MARGIN });
    observer.current.observe(element);
  }, []);
}
