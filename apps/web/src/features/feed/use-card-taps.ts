import { LONG_PRESS_MS, SINGLE_TAP_DELAY_MS, type Tap, isDoubleTap } from "@reelmart/core/gestures";
import { VIBRATION_MS } from "@reelmart/core/constants";
import { useEffect, useRef } from "react";

/** A short vibration on actions where the device supports it (000/001 §9: 50 ms). */
export function vibrate() {
  navigator.vibrate?.(VIBRATION_MS);
}

/**
 * Taps on a card (001 §5, §9): a single tap acts after 200 ms unless a second tap within 300 ms
 * and 40 px makes it a double tap; holding 500 ms is a long press (the video pauses while held).
 */
export function useCardTaps(actions: { onSingleTap(): void; onDoubleTap(point: { x: number; y: number }): void; onHold(held: boolean): void }) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  const lastTap = useRef<Tap | null>(null);
  const singleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const holding = useRef(false);

  useEffect(
    () => () => {
      clearTimeout(singleTimer.current);
      clearTimeout(pressTimer.current);
    },
    [],
  );

  return {
    onPressStart() {
      holding.current = false;
      clearTimeout(pressTimer.current);
      pressTimer.current = setTimeout(() => {
        holding.current = true;
        vibrate();
        latest.current.onHold(true);
      }, LONG_PRESS_MS);
    },
    onPressEnd() {
      clearTimeout(pressTimer.current);
      if (!holding.current) return;
      latest.current.onHold(false);
    },
    onTap(tap: Tap) {
      // The release of a long press is not a tap.
      if (holding.current) {
        holding.current = false;
        return;
      }
      if (isDoubleTap(lastTap.current, tap)) {
        clearTimeout(singleTimer.current);
        lastTap.current = null;
        latest.current.onDoubleTap(tap);
        return;
      }
      lastTap.current = tap;
      clearTimeout(singleTimer.current);
      singleTimer.current = setTimeout(() => latest.current.onSingleTap(), SINGLE_TAP_DELAY_MS);
    },
  };
}
