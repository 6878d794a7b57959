import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../../shared/ui/toast.ts";
import { apiRequest } from "../../../../shared/api/client.ts";
import { shopperMessage } from "../../../../shared/api/shopper-message.ts";
import { adminKeys } from "../../api/admin-keys.ts";

export function retryMedia(id: string) {
  return apiRequest<void>(`/admin/media-library/${id}/retry`, { method: "POST" });
}

/** POST /api/admin/media-library/{id}/retry: a failed upload processes again. */
export function useRetryMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary }),
    onError: (error) => toast.error("Could not retry", { description: shopperMessage(error) }),
  });
}
