import type { Comment, CommentList } from "@reelmart/core/api/engagement";
import { COMMENT_FETCH_RETRIES, COMMENT_RETRY_MAX_MS, realtimeTopics } from "@reelmart/core/engagement";
import { isUuid } from "@reelmart/core/ids";
import { type InfiniteData, type QueryClient, infiniteQueryOptions, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { alreadyShown, refetchLive, useLiveTopic } from "../realtime.ts";
import { getEngagementQueryOptions } from "./get-engagement.ts";

/** GET /api/media/{id}/comments: one page, newest first. */
export const getComments = (mediaId: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<CommentList>(`/media/${mediaId}/comments`, { signal, query: { cursor } });

/** 001 §9: 2 retries, backoff min(1000×2^n, 5000) ms. */
const commentRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, COMMENT_RETRY_MAX_MS);

export const getCommentsQueryOptions = (mediaId: string) =>
  infiniteQueryOptions({
    queryKey: ["comments", mediaId],
    queryFn: ({ pageParam, signal }) => getComments(mediaId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: isUuid(mediaId),
    retry: COMMENT_FETCH_RETRIES,
    retryDelay: commentRetryDelay,
    // The realtime topic keeps an open list fresh; reopening the drawer refetches.
    staleTime: 0,
  });

/** Newest-first comments of a media, live while `live` (the drawer is open). */
export function useComments(mediaId: string, live: boolean) {
  const queryClient = useQueryClient();
  const valid = isUuid(mediaId);
  const options = getCommentsQueryOptions(mediaId);
  // Fetched once its topic is listened to (the open drawer's one request), then for each change the
  // list does not already show (the viewer's own post or delete, patched in from its answer).
  const fetchable = useLiveTopic(valid && live ? realtimeTopics.comments(mediaId) : null, (event) => {
    const held = queryClient.getQueryData<CommentPages>(options.queryKey)?.pages.flatMap((page) => page.items.map((item) => item.id));
    if (alreadyShown(held, event)) return;
    refetchLive(queryClient, options.queryKey);
  });
  const query = useInfiniteQuery({ ...options, enabled: valid && live && fetchable });
  const comments: Comment[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, comments, valid };
}

type CommentPages = InfiniteData<CommentList, string | undefined>;

/**
 * What a comment write does to the open list: patches it with the write's answer, which is the
 * server's own row, so nothing is asked again; the media's comment count comes with the counters
 * event the write sends (decision 190). A failed write asks for both again, in case it did land.
 */
export function commentListUpdates(queryClient: QueryClient, mediaId: string) {
  const key = getCommentsQueryOptions(mediaId).queryKey;
  return {
    patch: (change: (items: Comment[]) => Comment[]) =>
      queryClient.setQueryData<CommentPages>(key, (data) =>
        data ? { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, items: change(page.items) } : page)) } : data,
      ),
    resync: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: getEngagementQueryOptions(mediaId).queryKey });
    },
  };
}
