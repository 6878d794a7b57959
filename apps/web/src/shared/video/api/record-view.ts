import { STORAGE_KEYS } from "@reelmart/core/constants";
import { useCallback, useRef } from "react";
import type { MediaViewInput } from "@reelmart/core/api/feed";
import { apiRequest } from "../../api/client.ts";

/** The browser's videoSessionId (001 §3): generated once, kept in local storage. */
function videoSessionId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.videoSessionId);
    if (stored) return stored;
    const created = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.videoSessionId, created);
    return created;
  } catch {
    // swallowed: blocked storage; the id lives for this page only.
    return crypto.randomUUID();
  }
}

/** POST /api/media/{id}/views with the browser's session id. */
export const recordView = (mediaId: string, body: MediaViewInput) => apiRequest<void>(`/media/${mediaId}/views`, { method: "POST", body });

/**
 * Returns recordView(mediaId): a view is counted once per media per mount of the calling component
 * (001 §4). Failures are ignored: a lost view must never disturb playback.
 */
export function useRecordView() {
  const counted = useRef(new Set<string>());
  return useCallback((mediaId: string) => {
    if (counted.current.has(mediaId)) return;
    counted.current.add(mediaId);
    // swallowed: a view is a counter, not the shopper's work; a lost one is not worth their attention.
    recordView(mediaId, { sessionId: videoSessionId() }).catch(() => {});
  }, []);
}
