import type { Comment, CommentList } from "@reelmart/core/api/engagement";
import { COMMENT_FETCH_RETRIES, COMMENT_RETRY_MAX_MS, realtimeTopics } from "@reelmart/core/engagement";
import { isUuid } from "@reelmart/core/ids";
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api/client.ts";
import { useRealtimeTopic } from "./realtime.ts";

export const commentsQueryKey = (mediaId: string) => ["comments", mediaId] as const;

/** 001 §9: 2 retries, backoff min(1000×2^n, 5000) ms. */
export const commentRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, COMMENT_RETRY_MAX_MS);

/** Newest-first comments of a media, live while `live` (the drawer is open). */
export function useComments(mediaId: string, live: boolean) {
  const queryClient = useQueryClient();
  const valid = isUuid(mediaId);
  const query = useInfiniteQuery({
    queryKey: commentsQueryKey(mediaId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CommentList>(`/media/${mediaId}/comments`, { signal, query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: valid && live,
    retry: COMMENT_FETCH_RETRIES,
    retryDelay: commentRetryDelay,
    // The realtime topic keeps an open list fresh; reopening the drawer refetches.
    staleTime: 0,
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: commentsQueryKey(mediaId) });
  useRealtimeTopic(valid && live ? realtimeTopics.comments(mediaId) : null, { onEvent: refetch, onResync: refetch });
  const comments: Comment[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { query, comments, valid };
}

type CommentPages = InfiniteData<CommentList, string | undefined>;

/** Posting, editing and deleting; each patches the open list at once and the stream confirms. */
export function useCommentMutations(mediaId: string) {
  const queryClient = useQueryClient();
  const key = commentsQueryKey(mediaId);
  const patch = (change: (items: Comment[]) => Comment[]) =>
    queryClient.setQueryData<CommentPages>(key, (data) =>
      data ? { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, items: change(page.items) } : page)) } : data,
    );
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["engagement", mediaId] });
  };

  const post = useMutation({
    mutationFn: (comment: string) => apiRequest<Comment>(`/media/${mediaId}/comments`, { method: "POST", body: { comment } }),
    onSuccess: (created) => patch((items) => [created, ...items.filter((item) => item.id !== created.id)]),
    onSettled: settle,
  });
  const edit = useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: string }) =>
      apiRequest<Comment>(`/comments/${id}`, { method: "PATCH", body: { comment } }),
    onSuccess: (updated) => patch((items) => items.map((item) => (item.id === updated.id ? updated : item))),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/comments/${id}`, { method: "DELETE" }),
    onSuccess: (_result, id) => patch((items) => items.filter((item) => item.id !== id)),
    onSettled: settle,
  });
  return { post, edit, remove };
}
