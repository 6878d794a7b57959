import type { MediaProgressEvent } from "@reelmart/core/api/media";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { adminKeys } from "../../api/admin-keys.ts";

/**
 * GET /api/admin/media-library/events (Server-Sent Events): live stage and percent per media or
 * submission; a finished or failed job refetches the lists so rows show their new status, and
 * calls `onSettled` (the product editor refetches its product then).
 */
export function useMediaProgress(onSettled?: (event: MediaProgressEvent) => void) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, MediaProgressEvent>>({});
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    const source = new EventSource("/api/admin/media-library/events");
    source.addEventListener("progress", (message) => {
      let event: MediaProgressEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as MediaProgressEvent;
      } catch {
        // swallowed: the server writes these events; one that is not JSON is skipped, and the next refetch corrects the list.
        return;
      }
      const key = event.mediaId ?? event.submissionId;
      if (!key) return;
      setProgress((current) => ({ ...current, [key]: event }));
      if (event.status !== "running") {
        void queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary });
        void queryClient.invalidateQueries({ queryKey: adminKeys.submissions });
        settled.current?.(event);
      }
    });
    return () => source.close();
  }, [queryClient]);
  return progress;
}
