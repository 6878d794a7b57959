import { STORAGE_KEYS } from "@reelmart/core/constants";
import { useSyncExternalStore } from "react";

// One mute state for every player, persisted in localStorage 'videoMuteState' (001 §3, §4).
// Players start muted until the viewer unmutes: browsers only autoplay muted video reliably.

const listeners = new Set<() => void>();
let muted = readStored();

function readStored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.videoMuteState) !== "false";
  } catch {
    // swallowed: blocked storage; videos start muted.
    return true;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

/**
 * `persist: false` is for the autoplay fallback: the browser forced mute, the viewer did not choose it,
 * so the stored preference stays as it was.
 */
export function setMuted(value: boolean, { persist = true } = {}) {
  muted = value;
  if (persist) {
    try {
      localStorage.setItem(STORAGE_KEYS.videoMuteState, String(value));
    } catch {
      // swallowed: private mode or a full quota: the preference lives for this page only.
    }
  }
  emit();
}

export function toggleMuted() {
  setMuted(!muted);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.videoMuteState) return;
    muted = readStored();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useMuted(): boolean {
  return useSyncExternalStore(subscribe, () => muted);
}
