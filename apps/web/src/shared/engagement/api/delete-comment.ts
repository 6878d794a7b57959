import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { commentListUpdates } from "./get-comments.ts";

/** DELETE /api/comments/{id}: the author or an admin. */
export const deleteComment = (id: string) => apiRequest<void>(`/comments/${id}`, { method: "DELETE" });

export function useDeleteComment(mediaId: string) {
  const list = commentListUpdates(useQueryClient(), mediaId);
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, id) => list.removed([id]),
    onError: list.resync,
  });
}
