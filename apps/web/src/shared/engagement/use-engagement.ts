import type { Engagement, LikeResult, SharePlatform } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { toast } from "sonner";
import { apiRequest } from "../api/client.ts";
import { useSession } from "../session/use-session.ts";
import { useRealtimeTopic } from "./realtime.ts";

/** What the rail needs of a media row; the catalogue's Media satisfies it. */
export interface EngagementMedia {
  id: string;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  viewCount?: number;
}

export const engagementQueryKey = (mediaId: string) => ["engagement", mediaId] as const;

/** 001 §4: a signed-out like shows for this long before it reverts. */
const SIGNED_OUT_REVERT_MS = 1000;

/**
 * Counts and likedByMe for one media, seeded from the media row and kept live through the
 * media's counters topic (any change refetches, so concurrent likes elsewhere show up).
 */
export function useEngagement(media: EngagementMedia | null) {
  const queryClient = useQueryClient();
  const { status } = useSession();
  const mediaId = media?.id ?? null;
  const query = useQuery({
    queryKey: engagementQueryKey(mediaId ?? ""),
    queryFn: ({ signal }) => apiRequest<Engagement>(`/media/${mediaId}/engagement`, { signal }),
    enabled: mediaId !== null && status !== "loading",
    placeholderData: media
      ? {
          mediaId: media.id,
          likeCount: media.likeCount,
          commentCount: media.commentCount,
          shareCount: media.shareCount,
          viewCount: media.viewCount ?? 0,
          likedByMe: false,
        }
      : undefined,
  });
  const refetch = () => {
    if (mediaId) void queryClient.invalidateQueries({ queryKey: engagementQueryKey(mediaId) });
  };
  useRealtimeTopic(mediaId ? realtimeTopics.counters(mediaId) : null, { onEvent: refetch, onResync: refetch });
  return query.data ?? null;
}

/** Applies a change to the cached counts and returns the previous value for rollback. */
function patchEngagement(queryClient: ReturnType<typeof useQueryClient>, mediaId: string, patch: (e: Engagement) => Engagement) {
  const key = engagementQueryKey(mediaId);
  const previous = queryClient.getQueryData<Engagement>(key);
  if (previous) queryClient.setQueryData<Engagement>(key, patch(previous));
  return previous;
}

// The signed-out preview belongs to the media, not to a hook instance: the card's double tap and the
// rail's button show one heart, and it reverts for both. Media id → the pending revert.
const signedOutPreviews = new Map<string, ReturnType<typeof setTimeout>>();
const previewListeners = new Set<() => void>();

function emitPreviews() {
  for (const listener of previewListeners) listener();
}

function showSignedOutPreview(mediaId: string) {
  clearTimeout(signedOutPreviews.get(mediaId));
  signedOutPreviews.set(
    mediaId,
    setTimeout(() => {
      signedOutPreviews.delete(mediaId);
      emitPreviews();
    }, SIGNED_OUT_REVERT_MS),
  );
  emitPreviews();
}

function subscribePreviews(listener: () => void) {
  previewListeners.add(listener);
  return () => previewListeners.delete(listener);
}

/**
 * The like toggle (001 §4): optimistic; signed out → 'Login Required' and the heart reverts after
 * 1 s; failure reverts with 'Error' / 'Failed to update like status'. Exported for double-tap too.
 */
export function useLikeToggle(media: EngagementMedia | null) {
  const queryClient = useQueryClient();
  const { status } = useSession();
  const engagement = useEngagement(media);
  const mediaId = media?.id ?? null;
  const signedOutPreview = useSyncExternalStore(subscribePreviews, () => mediaId !== null && signedOutPreviews.has(mediaId));

  const mutation = useMutation({
    mutationFn: ({ mediaId, like }: { mediaId: string; like: boolean }) =>
      apiRequest<LikeResult>(`/media/${mediaId}/like`, { method: like ? "PUT" : "DELETE" }),
    onMutate: async ({ mediaId, like }) => {
      await queryClient.cancelQueries({ queryKey: engagementQueryKey(mediaId) });
      const previous = patchEngagement(queryClient, mediaId, (e) => ({
        ...e,
        likedByMe: like,
        likeCount: Math.max(0, e.likeCount + (like ? 1 : -1)),
      }));
      return { previous };
    },
    onSuccess: (result, { mediaId }) => {
      patchEngagement(queryClient, mediaId, (e) => ({ ...e, likedByMe: result.liked, likeCount: result.likeCount }));
    },
    onError: (_error, { mediaId }, context) => {
      if (context?.previous) queryClient.setQueryData(engagementQueryKey(mediaId), context.previous);
      toast.error("Error", { description: "Failed to update like status" });
    },
  });

  const liked = signedOutPreview || (engagement?.likedByMe ?? false);
  const likeCount = (engagement?.likeCount ?? 0) + (signedOutPreview ? 1 : 0);

  function setLiked(like: boolean) {
    if (!media) return;
    if (status !== "signed-in") {
      if (!like) return;
      showSignedOutPreview(media.id);
      toast.error("Login Required", { description: "Please sign in to like videos" });
      return;
    }
    mutation.mutate({ mediaId: media.id, like });
  }

  return {
    liked,
    likeCount,
    toggle: () => setLiked(!liked),
    /** A double tap only ever likes (001 §4). */
    like: () => {
      if (!liked) setLiked(true);
    },
  };
}

/** Records a share (anonymous shares carry no user) with the shown count rolled back on failure. */
export function useRecordShare(mediaId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SharePlatform) =>
      apiRequest<{ shareCount: number }>(`/media/${mediaId}/shares`, {
        method: "POST",
        body: { platform, deviceInfo: { userAgent: navigator.userAgent, platform: navigator.platform } },
      }),
    onMutate: () => {
      if (!mediaId) return { previous: undefined };
      const previous = patchEngagement(queryClient, mediaId, (e) => ({ ...e, shareCount: e.shareCount + 1 }));
      return { previous };
    },
    onSuccess: (result) => {
      if (mediaId) patchEngagement(queryClient, mediaId, (e) => ({ ...e, shareCount: Math.max(e.shareCount, result.shareCount) }));
    },
    onError: (_error, _platform, context) => {
      if (mediaId && context?.previous) queryClient.setQueryData(engagementQueryKey(mediaId), context.previous);
      toast.error("Share failed", { description: "Unable to share at this time" });
    },
  });
}
