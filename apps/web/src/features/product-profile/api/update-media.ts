import type { MediaEditBody, MediaEdited } from "@reelmart/core/api/discovery";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../shared/ui/toast.ts";
import { apiRequest } from "../../../shared/api/client.ts";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { getProductQueryOptions } from "../../../shared/product/api/get-product.ts";

// Editable mode persists to the server (our deviation from 001 §4, where edits stayed local).
export const MEDIA_TOAST_MS = 2000;

/** PATCH /api/admin/media/{id}: a video's title and category. */
export const updateMedia = ({ id, ...body }: MediaEditBody & { id: string }) => apiRequest<MediaEdited>(`/admin/media/${id}`, { method: "PATCH", body });

export function useUpdateMedia(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedia,
    onSuccess: () => {
      toast.success("Video updated", { description: "Video details have been updated successfully", duration: MEDIA_TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: getProductQueryOptions(productId).queryKey });
    },
    onError: (error) => toast.error("Could not update video", { description: shopperMessage(error) }),
  });
}
