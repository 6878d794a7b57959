import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../shared/ui/toast.ts";
import { apiRequest } from "../../../shared/api/client.ts";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { getProductQueryOptions } from "../../../shared/product/api/get-product.ts";
import { MEDIA_TOAST_MS } from "./update-media.ts";

/** DELETE /api/admin/media/{id}: takes a video off the product. */
export const deleteMedia = (id: string) => apiRequest<void>(`/admin/media/${id}`, { method: "DELETE" });

export function useDeleteMedia(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => {
      toast.success("Video removed", { description: "Video has been removed from the list", duration: MEDIA_TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: getProductQueryOptions(productId).queryKey });
    },
    onError: (error) => toast.error("Could not remove video", { description: shopperMessage(error) }),
  });
}
