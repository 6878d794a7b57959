import type { MediaEditBody, MediaEdited } from "@reelmart/core/api/discovery";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "../../../shared/api/client.ts";
import { productQueryKey } from "../../../shared/product/product-queries.ts";

// Editable mode persists to the server (our deviation from 001 §4, where edits stayed local).
const TOAST_MS = 2000;

export function useEditMedia(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MediaEditBody & { id: string }) => apiRequest<MediaEdited>(`/admin/media/${id}`, { method: "PATCH", body }),
    onSuccess: () => {
      toast.success("Video updated", { description: "Video details have been updated successfully", duration: TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
    onError: (error) => toast.error("Could not update video", { description: error.message }),
  });
}

export function useDeleteMedia(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/admin/media/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Video removed", { description: "Video has been removed from the list", duration: TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
    onError: (error) => toast.error("Could not remove video", { description: error.message }),
  });
}
