import type { SharePlatform } from "@reelmart/core/api/engagement";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../ui/toast.ts";
import { apiRequest } from "../../api/client.ts";
import { getEngagementQueryOptions, patchEngagement } from "./get-engagement.ts";

/** POST /api/media/{id}/shares with the platform and the device it was shared from. */
export const recordShare = (mediaId: string, platform: SharePlatform) =>
  apiRequest<{ shareCount: number }>(`/media/${mediaId}/shares`, {
    method: "POST",
    body: { platform, deviceInfo: { userAgent: navigator.userAgent, platform: navigator.platform } },
  });

/** Records a share (anonymous shares carry no user) with the shown count rolled back on failure. */
export function useRecordShare(mediaId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SharePlatform) => recordShare(mediaId ?? "", platform),
    onMutate: () => {
      if (!mediaId) return { previous: undefined };
      const previous = patchEngagement(queryClient, mediaId, (e) => ({ ...e, shareCount: e.shareCount + 1 }));
      return { previous };
    },
    onSuccess: (result) => {
      if (mediaId) patchEngagement(queryClient, mediaId, (e) => ({ ...e, shareCount: Math.max(e.shareCount, result.shareCount) }));
    },
    onError: (_error, _platform, context) => {
      if (mediaId && context?.previous) queryClient.setQueryData(getEngagementQueryOptions(mediaId).queryKey, context.previous);
      toast.error("Share failed", { description: "Unable to share at this time" });
    },
  });
}
