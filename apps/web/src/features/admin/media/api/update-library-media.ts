import type { MediaUpdateBody } from "@reelmart/core/api/media";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../../shared/ui/toast.ts";
import { apiRequest } from "../../../../shared/api/client.ts";
import { shopperMessage } from "../../../../shared/api/shopper-message.ts";
import { adminKeys } from "../../api/admin-keys.ts";

export function updateLibraryMedia(id: string, body: MediaUpdateBody) {
  return apiRequest<void>(`/admin/media-library/${id}`, { method: "PATCH", body });
}

/** PATCH /api/admin/media-library/{id}: attach to a product, main video, cover image. */
export function useUpdateLibraryMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MediaUpdateBody }) => updateLibraryMedia(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary }),
    onError: (error) => toast.error("Could not update media", { description: shopperMessage(error) }),
  });
}
