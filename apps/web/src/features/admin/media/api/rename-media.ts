import type { MediaEditBody, MediaEdited } from "@reelmart/core/api/discovery";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../shared/api/client.ts";
import { adminKeys } from "../../api/admin-keys.ts";

/** PATCH /api/admin/media/{id}: a media item's own title; null lets it go by its product's title (decision 209). */
export function renameMedia(id: string, title: string | null) {
  const body: MediaEditBody = { title };
  return apiRequest<MediaEdited>(`/admin/media/${id}`, { method: "PATCH", body });
}

/** Renames a media item from the library; the card shows a refusal itself, under the field. */
export function useRenameMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string | null }) => renameMedia(id, title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary }),
  });
}
