import type { CommentList } from "@reelmart/core/api/engagement";
import { COMMENT_FETCH_RETRIES, COMMENT_RETRY_MAX_MS, type Comment, type RealtimeEvent, realtimeTopics } from "@reelmart/core/engagement";
import { isUuid } from "@reelmart/core/ids";
import { type InfiniteData, type QueryClient, infiniteQueryOptions, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { refetchLive, useLiveTopic } from "../realtime.ts";
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
  // Fetched once its topic is listened to (the open drawer's one request); a change after that is
  // applied to the list from its event (decision 205), and asked for only when it cannot be.
  const fetchable = useLiveTopic(valid && live ? realtimeTopics.comments(mediaId) : null, (event) => {
    if (event && commentListUpdates(queryClient, mediaId).apply(event)) return;
    refetchLive(queryClient, options.queryKey);
  });
  const query = useInfiniteQuery({ ...options, enabled: valid && live && fetchable });
  const comments: Comment[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, comments, valid };
}

type CommentPages = InfiniteData<CommentList, string | undefined>;

/** Code-unit order: ISO times and lower-case uuids compare as the database orders them. */
const ascending = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The server's order: newest first, then by id, descending (listComments). */
const newestFirst = (a: Comment, b: Comment) => ascending(b.createdAt, a.createdAt) || ascending(b.id, a.id);

/**
 * What a comment write does to the open list, the viewer's own (from its answer) or anyone's (from
 * its realtime event, decision 205): the server's own row is put in place, so nothing is asked
 * again; the media's comment count comes with the counters event the write sends (decision 190).
 * A failed write asks for both again, in case it did land.
 */
export function commentListUpdates(queryClient: QueryClient, mediaId: string) {
  const key = getCommentsQueryOptions(mediaId).queryKey;
  const holds = (data: CommentPages, id: string) => data.pages.some((page) => page.items.some((item) => item.id === id));
  const change = (update: (data: CommentPages) => CommentPages) => queryClient.setQueryData<CommentPages>(key, (data) => (data ? update(data) : data));
  const eachPage = (data: CommentPages, items: (items: Comment[]) => Comment[]) => ({ ...data, pages: data.pages.map((page) => ({ ...page, items: items(page.items) })) });
  const replaced = (data: CommentPages, comment: Comment) => eachPage(data, (items) => items.map((item) => (item.id === comment.id ? comment : item)));
  const updates = {
    /** A new comment among the newest (or put in place, where the list already holds it). */
    added: (comment: Comment) =>
      change((data) =>
        holds(data, comment.id)
          ? replaced(data, comment)
          : { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, items: [comment, ...page.items].sort(newestFirst) } : page)) },
      ),
    /** An edited comment, where the list holds it; one it has not loaded stays unloaded. */
    edited: (comment: Comment) => change((data) => replaced(data, comment)),
    removed: (ids: readonly string[]) => change((data) => eachPage(data, (items) => items.filter((item) => !ids.includes(item.id)))),
    /**
     * Applies a change on the comments topic and says whether it did: not when no list is held, when
     * a request for it is on its way (its answer may have been read before the change), or when the
     * event does not carry the comment it names (one too long for a notice). The caller then asks.
     */
    apply: (event: RealtimeEvent): boolean => {
      const data = queryClient.getQueryData<CommentPages>(key);
      if (!data || queryClient.isFetching({ queryKey: key })) return false;
      if (event.kind === "delete") updates.removed(event.ids);
      else if (event.comment) updates[event.kind === "insert" ? "added" : "edited"](event.comment);
      // An insert of ids the list holds is the viewer's own post, echoed back by the stream.
      else return event.kind === "insert" && event.ids.every((id) => holds(data, id));
      return true;
    },
    resync: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: getEngagementQueryOptions(mediaId).queryKey });
    },
  };
  return updates;
}
