import type { Engagement } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { useSession } from "../../session/use-session.ts";
import { refetchLive, useLiveTopic } from "../realtime.ts";

/** What the rail needs of a media row; the catalogue's Media satisfies it. */
export interface EngagementMedia {
  id: string;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  viewCount?: number;
  /** The poster, shared as a file by the native share sheet where it takes files. */
  thumbnailUrl?: string | null;
}

/** GET /api/media/{id}/engagement: the counts and whether the viewer liked it. */
export const getEngagement = (mediaId: string, signal?: AbortSignal) => apiRequest<Engagement>(`/media/${mediaId}/engagement`, { signal });

/** Every media's engagement: invalidated when a save changes a product's save count. */
export const engagementQueryKeyRoot = ["engagement"] as const;

export const getEngagementQueryOptions = (mediaId: string) =>
  queryOptions({ queryKey: [...engagementQueryKeyRoot, mediaId], queryFn: ({ signal }) => getEngagement(mediaId, signal) });

/** What the rail shows of a media before its engagement arrives: the media row's counts, not liked. */
function engagementOf(media: EngagementMedia): Engagement {
  return {
    mediaId: media.id,
    likeCount: media.likeCount,
    commentCount: media.commentCount,
    shareCount: media.shareCount,
    viewCount: media.viewCount ?? 0,
    saveCount: 0,
    likedByMe: false,
  };
}

/**
 * Counts and likedByMe for one media, seeded from the media row and kept live through the
 * media's counters topic, so concurrent likes elsewhere show up. The first request waits until a
 * stream listens on that topic, or none can: fetched before, a change committed in between would go
 * unseen unless the stream's 'ready' fetched again (decision 185). A change's event carries the
 * counts it left, which replace the cached ones without a request, the viewer's own view's included
 * (decision 190). So each media is requested once, and again only after the stream was lost, for
 * an event without counts, or for one that comes while a request is on its way (whose answer may
 * predate it).
 */
export function useEngagement(media: EngagementMedia | null) {
  const queryClient = useQueryClient();
  const { status } = useSession();
  const mediaId = media?.id ?? null;
  // Every hook showing a media subscribes to its topic (a card holds one; a product's several feed cards show its main media each).
  const fetchable = useLiveTopic(mediaId ? realtimeTopics.counters(mediaId) : null, (event) => {
    if (!mediaId) return;
    const { queryKey } = getEngagementQueryOptions(mediaId);
    const counts = event?.counts;
    if (counts && queryClient.getQueryData(queryKey) && !queryClient.isFetching({ queryKey })) {
      queryClient.setQueryData<Engagement>(queryKey, (engagement) => engagement && { ...engagement, ...counts });
    } else refetchLive(queryClient, queryKey);
  });
  const query = useQuery({
    ...getEngagementQueryOptions(mediaId ?? ""),
    enabled: mediaId !== null && status !== "loading" && fetchable,
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
