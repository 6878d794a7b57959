// Feed and fullscreen gestures, with the spec's numbers (001 §2 "Feed swipe gesture", §5, §9).

/** Movement before the gesture locks as horizontal or vertical. */
export const SWIPE_LOCK_PX = 15;
/** A swipe counts past this distance... */
export const SWIPE_MIN_DISTANCE_PX = 70;
/** ...or above this speed (px/ms). */
export const SWIPE_MIN_VELOCITY_PX_PER_MS = 0.5;
/** A horizontal drag moves the card at half the finger distance, capped here. */
export const SWIPE_DRAG_CAP_PX = 100;
export const SWIPE_TRANSITION_MS = 300;
/** The fullscreen modal closes, then opens the product profile this much later. */
export const MODAL_SWIPE_NAVIGATE_DELAY_MS = 100;

export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_PX = 40;
export const SINGLE_TAP_DELAY_MS = 200;
export const LONG_PRESS_MS = 500;

/** Pull-to-refresh (001 §9). */
export const PULL_CAP_PX = 150;
export const PULL_TRIGGER_PX = 80;
export const PULL_SMALL_LIST_DELAY_MS = 800;

export type SwipeAxis = "horizontal" | "vertical";

/** The axis once the finger has moved more than the lock distance; null before that. */
export function lockAxis(dx: number, dy: number): SwipeAxis | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) <= SWIPE_LOCK_PX) return null;
  return Math.abs(dx) > Math.abs(dy) ? "horizontal" : "vertical";
}

/** Where the card is drawn during a horizontal drag: half the finger distance, at most 100 px. */
export function dragOffset(dx: number): number {
  return Math.sign(dx) * Math.min(Math.abs(dx) / 2, SWIPE_DRAG_CAP_PX);
}

/** The card fades as it is dragged, down to half opacity at the cap. */
export function dragOpacity(dx: number): number {
  return 1 - (Math.abs(dragOffset(dx)) / SWIPE_DRAG_CAP_PX) * 0.5;
}

/** A finished horizontal drag: a swipe when it went far enough or fast enough. */
export function classifySwipe(dx: number, durationMs: number): "left" | "right" | null {
  if (dx === 0) return null;
  const velocity = Math.abs(dx) / Math.max(durationMs, 1);
  if (Math.abs(dx) <= SWIPE_MIN_DISTANCE_PX && velocity <= SWIPE_MIN_VELOCITY_PX_PER_MS) return null;
  return dx < 0 ? "left" : "right";
}

export interface Tap {
  x: number;
  y: number;
  time: number;
}

/** Two taps within 300 ms and 40 px make a double tap (001 §5). */
export function isDoubleTap(previous: Tap | null, current: Tap): boolean {
  if (!previous) return false;
  return current.time - previous.time <= DOUBLE_TAP_MS && Math.hypot(current.x - previous.x, current.y - previous.y) <= DOUBLE_TAP_PX;
}

/** How far the pull-to-refresh indicator travels for a finger pull, capped at 150 px. */
export function pullDistance(dy: number): number {
  return Math.min(Math.max(dy, 0), PULL_CAP_PX);
}

/** Pulling past 80 px arms the refresh ('Release to refresh'). */
export function isPullArmed(distance: number): boolean {
  return distance > PULL_TRIGGER_PX;
}
