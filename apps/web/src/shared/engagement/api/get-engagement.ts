import type { Engagement } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { useSession } from "../../session/use-session.ts";
import { refetchLive, useLiveTopic } from "../realtime.ts";

/** What the rail needs of a media row; the catalogue's Media satisfies it. */
export interface EngagementMedia {
  id: string;
  productId: string;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  viewCount?: number;
  /** The poster, shared as a file by the native share sheet where it takes files. */
  thumbnailUrl?: string | null;
}

/** GET /api/media/{id}/engagement: the counts and whether the viewer liked it. */
export const getEngagement = (mediaId: string, signal?: AbortSignal) => apiRequest<Engagement>(`/media/${mediaId}/engagement`, { signal });

const engagementQueryKeyRoot = ["engagement"] as const;

export const getEngagementQueryOptions = (mediaId: string) =>
  queryOptions({ queryKey: [...engagementQueryKeyRoot, mediaId], queryFn: ({ signal }) => getEngagement(mediaId, signal) });

/** What the rail shows of a media before its engagement arrives: the media row's counts, not liked. */
function engagementOf(media: EngagementMedia): Engagement {
  return {
    mediaId: media.id,
    productId: media.productId,
    likeCount: media.likeCount,
    commentCount: media.commentCount,
    shareCount: media.shareCount,
    viewCount: media.viewCount ?? 0,
    saveCount: 0,
    likedByMe: false,
  };
}

/** The like toggle's mutation for a media (useLikeToggle): a liked event for it waits until the toggle's own answer is in. */
export const likeMutationKey = (mediaId: string) => ["like", mediaId] as const;

/**
 * Counts and likedByMe for one media, seeded from the media row and kept live through the
 * media's counters topic, so concurrent likes elsewhere show up, and, signed in, through the
 * viewer's liked topic, so a like from their other device shows too (decision 193). The first
 * request waits until a stream listens on those topics, or none can: fetched before, a change
 * committed in between would go unseen unless the stream's 'ready' fetched again (decision 185). A
 * change's event carries what it changed (the counts it left, decision 190; liked or not), which
 * replaces the cached value without a request, the viewer's own view's included. So each media is
 * requested once, and again only after the stream was lost, for an event without counts, or for one
 * that comes while a request is on its way (whose answer may predate it).
 */
export function useEngagement(media: EngagementMedia | null) {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const mediaId = media?.id ?? null;
  /** Sets what an event carried in the cached engagement; asks again without it (a resync, an event without counts) or when a request may have read before it. */
  const apply = (change: Partial<Engagement> | undefined) => {
    if (!mediaId) return;
    const { queryKey } = getEngagementQueryOptions(mediaId);
    if (change && queryClient.getQueryData(queryKey) && !queryClient.isFetching({ queryKey })) {
      queryClient.setQueryData<Engagement>(queryKey, (engagement) => engagement && { ...engagement, ...change });
    } else refetchLive(queryClient, queryKey);
  };
  // Every hook showing a media subscribes to its topic (a card holds one; a product's several feed cards show its main media each).
  const countersFollowed = useLiveTopic(mediaId ? realtimeTopics.counters(mediaId) : null, (event) => apply(event?.counts));
  const likedTopic = mediaId && user ? realtimeTopics.liked(user.id) : null;
  const likesFollowed = useLiveTopic(likedTopic, (event) => {
    if (!mediaId || (event && !event.ids.includes(mediaId))) return;
    // The viewer's own toggle on this device answers for itself (and its event would undo a quick second tap for a moment).
    if (queryClient.isMutating({ mutationKey: likeMutationKey(mediaId) })) return;
    apply(event && { likedByMe: event.kind === "insert" });
  });
  const query = useQuery({
    ...getEngagementQueryOptions(mediaId ?? ""),
    enabled: mediaId !== null && status !== "loading" && countersFollowed && (likedTopic === null || likesFollowed),
    placeholderData: media ? engagementOf(media) : undefined,
  });
  return query.data ?? null;
}

/**
 * Applies a change to the cached counts and returns the previous value for rollback. With nothing
 * cached yet (the first request still on its way, or cancelled by a like) the change applies to
 * what the rail shows, the media row's counts, when `shown` is given.
 */
export function patchEngagement(queryClient: QueryClient, mediaId: string, patch: (e: Engagement) => Engagement, shown?: EngagementMedia) {
  const key = getEngagementQueryOptions(mediaId).queryKey;
  const previous = queryClient.getQueryData<Engagement>(key);
  const base = previous ?? (shown ? engagementOf(shown) : undefined);
  if (base) queryClient.setQueryData<Engagement>(key, patch(base));
  return previous;
}

/**
 * Moves the save count every cached engagement of `productId`'s media shows by `by` (a save of the
 * product counts on each of its videos; a failed one moves it back). Patched rather than fetched
 * again: that was a request per card on screen for each save (issue #14).
 */
export function patchSaveCounts(queryClient: QueryClient, productId: string, by: number): void {
  queryClient.setQueriesData<Engagement>(
    { queryKey: engagementQueryKeyRoot, predicate: (query) => (query.state.data as Engagement | undefined)?.productId === productId },
    (engagement) => engagement && { ...engagement, saveCount: Math.max(0, engagement.saveCount + by) },
  );
}
