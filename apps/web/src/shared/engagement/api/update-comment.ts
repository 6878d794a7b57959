import type { Comment } from "@reelmart/core/engagement";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { commentListUpdates } from "./get-comments.ts";

/** PATCH /api/comments/{id}: the author edits the text. */
export const updateComment = ({ id, comment }: { id: string; comment: string }) => apiRequest<Comment>(`/comments/${id}`, { method: "PATCH", body: { comment } });

export function useUpdateComment(mediaId: string) {
  const list = commentListUpdates(useQueryClient(), mediaId);
  return useMutation({
    mutationFn: updateComment,
    onSuccess: list.edited,
    onError: list.resync,
  });
}
