import { SWIPE_TRANSITION_MS, type Tap, classifySwipe, dragOffset, dragOpacity, lockAxis } from "@reelmart/core/gestures";
import { type RefObject, useEffect, useRef } from "react";

export interface SwipeHandlers {
  onSwipe(direction: "left" | "right"): void;
  /** A touch or click that never moved past the lock distance; its time is the release's event time. */
  onTap?(tap: Tap): void;
  onPressStart?(point: { x: number; y: number }): void;
  onPressEnd?(): void;
}

/** Elements (buttons, links, menus) whose own taps must not reach the card's gestures. */
const IGNORE = "button, a, input, textarea, [role='menu'], [data-gesture-ignore]";

/**
 * Horizontal swipes on an element (001 §2 "Feed swipe gesture"): the axis locks after 15 px; a
 * horizontal drag moves the element at half the distance (capped at 100 px) and fades it; release
 * past 70 px or faster than 0.5 px/ms is a swipe, animated out over 300 ms before onSwipe. Vertical
 * movement is left to the browser (touch-action: pan-y on the element), which scrolls the feed.
 * Touch events drive touch; pointer events drive the mouse, so each input is handled once. Times are
 * the events' own (when the finger touched or lifted), not when a handler ran: on a busy phone the
 * handlers run late, and the gesture is what the finger did.
 */
export function useSwipe(target: RefObject<HTMLElement | null>, handlers: SwipeHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let start: { x: number; y: number; time: number } | null = null;
    let axis: "horizontal" | "vertical" | null = null;
    let dx = 0;
    let leaving: ReturnType<typeof setTimeout> | undefined;

    const paint = (offset: number, opacity: number, animate: boolean) => {
      element.style.transition = animate ? `transform ${SWIPE_TRANSITION_MS}ms ease-out, opacity ${SWIPE_TRANSITION_MS}ms ease-out` : "none";
      element.style.transform = offset ? `translateX(${offset}px)` : "";
      element.style.opacity = opacity === 1 ? "" : String(opacity);
    };

    const begin = (x: number, y: number, event: Event) => {
      if (event.target instanceof Element && event.target.closest(IGNORE)) return;
      start = { x, y, time: event.timeStamp };
      axis = null;
      dx = 0;
      latest.current.onPressStart?.({ x, y });
    };
    const move = (x: number, y: number, event: Event) => {
      if (!start) return;
      dx = x - start.x;
      if (!axis) {
        axis = lockAxis(dx, y - start.y);
        if (axis) latest.current.onPressEnd?.();
      }
      if (axis === "horizontal") {
        if (event.cancelable) event.preventDefault();
        paint(dragOffset(dx), dragOpacity(dx), false);
      }
    };
    const end = (x: number, y: number, event: Event) => {
      if (!start) return;
      const began = start;
      start = null;
      latest.current.onPressEnd?.();
      if (axis === null) {
        latest.current.onTap?.({ x, y, time: event.timeStamp });
        return;
      }
      if (axis !== "horizontal") return;
      const direction = classifySwipe(dx, event.timeStamp - began.time);
      if (!direction) {
        paint(0, 1, true);
        return;
      }
      paint(direction === "left" ? -window.innerWidth : window.innerWidth, 0, true);
      leaving = setTimeout(() => {
        paint(0, 1, false);
        latest.current.onSwipe(direction);
      }, SWIPE_TRANSITION_MS);
    };
    const cancel = () => {
      if (start && axis === "horizontal") paint(0, 1, true);
      start = null;
      latest.current.onPressEnd?.();
    };

    const onTouchStart = (e: TouchEvent) => e.touches.length === 1 && begin(e.touches[0]!.clientX, e.touches[0]!.clientY, e);
    const onTouchMove = (e: TouchEvent) => e.touches[0] && move(e.touches[0].clientX, e.touches[0].clientY, e);
    const onTouchEnd = (e: TouchEvent) => {
      const touch = e.changedTouches[0];
      const tapped = start !== null && axis === null;
      if (touch) end(touch.clientX, touch.clientY, e);
      // The browser would follow a tap with emulated mouse events and a click; it was handled here.
      if (tapped && e.cancelable) e.preventDefault();
    };
    const onPointerDown = (e: PointerEvent) => e.pointerType === "mouse" && e.button === 0 && begin(e.clientX, e.clientY, e);
    const onPointerMove = (e: PointerEvent) => e.pointerType === "mouse" && move(e.clientX, e.clientY, e);
    const onPointerUp = (e: PointerEvent) => e.pointerType === "mouse" && end(e.clientX, e.clientY, e);

    element.addEventListener("touchstart", onTouchStart, { passive: true });
    element.addEventListener("touchmove", onTouchMove, { passive: false });
    element.addEventListener("touchend", onTouchEnd);
    element.addEventListener("touchcancel", cancel);
    element.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    return () => {
      clearTimeout(leaving);
      element.removeEventListener("touchstart", onTouchStart);
      element.removeEventListener("touchmove", onTouchMove);
      element.removeEventListener("touchend", onTouchEnd);
      element.removeEventListener("touchcancel", cancel);
      element.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("pointermove", onPointerMove);
      window.removeEventListener("pointerup", onPointerUp);
    };
  }, [target]);
}
