// The lightbox's rules (001 §4 "Lightbox", §9 "Gallery swipe"), kept pure so they are testable.

export const LIGHTBOX_MIN_ZOOM = 1;
export const LIGHTBOX_MAX_ZOOM = 4;
export const SWIPE_MIN_DISTANCE_PX = 50;
export const SWIPE_MAX_DURATION_MS = 300;
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_DISTANCE_PX = 40;
export const DOUBLE_TAP_ZOOM = 2;

export function clampZoom(zoom: number): number {
  return Math.min(LIGHTBOX_MAX_ZOOM, Math.max(LIGHTBOX_MIN_ZOOM, zoom));
}

/** The index wraps around in both directions. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * A swipe navigates only past 50 px in under 300 ms at zoom 1: -1 is previous (finger moved right),
 * 1 is next, 0 is no navigation.
 */
export function swipeDirection(dx: number, durationMs: number, zoom: number): -1 | 0 | 1 {
  if (zoom !== LIGHTBOX_MIN_ZOOM || durationMs >= SWIPE_MAX_DURATION_MS || Math.abs(dx) <= SWIPE_MIN_DISTANCE_PX) return 0;
  return dx < 0 ? 1 : -1;
}

export interface Tap {
  x: number;
  y: number;
  at: number;
}

export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  return (
    previous !== null &&
    tap.at - previous.at <= DOUBLE_TAP_MS &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_DISTANCE_PX
  );
}
