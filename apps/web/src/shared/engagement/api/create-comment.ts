import type { Comment } from "@reelmart/core/engagement";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { commentListUpdates } from "./get-comments.ts";

/** POST /api/media/{id}/comments. */
export const createComment = (mediaId: string, comment: string) => apiRequest<Comment>(`/media/${mediaId}/comments`, { method: "POST", body: { comment } });

export function useCreateComment(mediaId: string) {
  const list = commentListUpdates(useQueryClient(), mediaId);
  return useMutation({
    mutationFn: (comment: string) => createComment(mediaId, comment),
    onSuccess: list.added,
    onError: list.resync,
  });
}
