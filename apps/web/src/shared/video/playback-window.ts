import type { PlayerLoad } from "./video-player.tsx";

/** Neighbours this close to the current card preload metadata (001 §9: 2 neighbours). */
export const PRELOAD_NEIGHBOURS = 2;

/** What a card at `index` may load while `current` is on screen (001 §4). */
export function playerLoadFor(index: number, current: number): PlayerLoad {
  const distance = Math.abs(index - current);
  if (distance === 0) return "play";
  return distance <= PRELOAD_NEIGHBOURS ? "preload" : "none";
}
