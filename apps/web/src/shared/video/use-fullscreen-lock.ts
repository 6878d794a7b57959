import { useEffect } from "react";

/** A scroll gesture longer than this leaves fullscreen (001 §4). */
const EXIT_SCROLL_PX = 50;

/**
 * While active: the page cannot scroll, and a scroll attempt (wheel or finger) of more than 50 px
 * calls onExit. Escape exits too.
 */
export function useFullscreenLock(active: boolean, onExit: () => void) {
  useEffect(() => {
    if (!active) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    let wheel = 0;
    let touchStartY: number | null = null;
    const onWheel = (event: WheelEvent) => {
      wheel += event.deltaY;
      if (Math.abs(wheel) > EXIT_SCROLL_PX) onExit();
    };
    const onTouchStart = (event: TouchEvent) => {
      touchStartY = event.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (event: TouchEvent) => {
      const y = event.touches[0]?.clientY;
      if (touchStartY !== null && y !== undefined && Math.abs(y - touchStartY) > EXIT_SCROLL_PX) {
        touchStartY = null;
        onExit();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onExit();
    };
    window.addEventListener("wheel", onWheel, { passive: true });
    window.addEventListener("touchstart", onTouchStart, { passive: true });
    window.addEventListener("touchmove", onTouchMove, { passive: true });
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previousOverflow;
      window.removeEventListener("wheel", onWheel);
      window.removeEventListener("touchstart", onTouchStart);
      window.removeEventListener("touchmove", onTouchMove);
      window.removeEventListener("keydown", onKey);
    };
  }, [active, onExit]);
}
