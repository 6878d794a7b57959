import { STORAGE_KEYS } from "@reelmart/core/constants";
import { useCallback, useRef } from "react";
import { apiRequest } from "../api/client.ts";

/** The browser's videoSessionId (001 §3): generated once, kept in local storage. */
export function videoSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.videoSessionId);
    if (stored) return stored;
    const created = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.videoSessionId, created);
    return created;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * Returns recordView(mediaId): a view is counted once per media per mount of the calling component
 * (001 §4). Failures are ignored: a lost view must never disturb playback.
 */
export function useRecordView() {
  const counted = useRef(new Set<string>());
  return useCallback((mediaId: string) => {
    if (counted.current.has(mediaId)) return;
    counted.current.add(mediaId);
    apiRequest(`/media/${mediaId}/views`, { method: "POST", body: { sessionId: videoSessionId() } }).catch(() => {});
  }, []);
}
