import type { LikeResult } from "@reelmart/core/api/engagement";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { toast } from "../../ui/toast.ts";
import { apiRequest } from "../../api/client.ts";
import { useSession } from "../../session/use-session.ts";
import { type EngagementMedia, getEngagementQueryOptions, likeMutationKey, patchEngagement, useEngagement } from "./get-engagement.ts";

/** 001 §4: a signed-out like shows for this long before it reverts. */
const SIGNED_OUT_REVERT_MS = 1000;

/** PUT (like) or DELETE (unlike) /api/media/{id}/like; idempotent on the server. */
export const likeMedia = ({ mediaId, like }: { mediaId: string; like: boolean }) => apiRequest<LikeResult>(`/media/${mediaId}/like`, { method: like ? "PUT" : "DELETE" });

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
    mutationKey: mediaId ? likeMutationKey(mediaId) : undefined,
    mutationFn: likeMedia,
    onMutate: async ({ mediaId, like }) => {
      const key = getEngagementQueryOptions(mediaId).queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      // The counts shown now: the cache's, or (before the first engagement request has answered,
      // or when the cancel above stopped it) the media row's, so the heart and count still move.
      const previous = patchEngagement(
        queryClient,
        mediaId,
        (e) => ({ ...e, likedByMe: like, likeCount: Math.max(0, e.likeCount + (like ? 1 : -1)) }),
        media ?? undefined,
      );
      return { previous };
    },
    onSuccess: (result, { mediaId }, context) => {
      patchEngagement(queryClient, mediaId, (e) => ({ ...e, likedByMe: result.liked, likeCount: result.likeCount }));
      // Seeded from the media row: its other counts (saves) are the row's, so ask for the real ones.
      if (!context?.previous) void queryClient.invalidateQueries({ queryKey: getEngagementQueryOptions(mediaId).queryKey });
    },
    onError: (_error, { mediaId }, context) => {
      const key = getEngagementQueryOptions(mediaId).queryKey;
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      else void queryClient.resetQueries({ queryKey: key, exact: true });
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
    /** The media's counts (as `useEngagement` gives them), for a rail sharing this toggle. */
    engagement,
    liked,
    likeCount,
    toggle: () => setLiked(!liked),
    /** A double tap only ever likes (001 §4). */
    like: () => {
      if (!liked) setLiked(true);
    },
  };
}

export type LikeToggle = ReturnType<typeof useLikeToggle>;
