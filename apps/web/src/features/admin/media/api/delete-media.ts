import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../../shared/ui/toast.ts";
import { apiRequest } from "../../../../shared/api/client.ts";
import { shopperMessage } from "../../../../shared/api/shopper-message.ts";
import { adminKeys } from "../../api/admin-keys.ts";

export function deleteMedia(id: string) {
  return apiRequest<void>(`/admin/media/${id}`, { method: "DELETE" });
}

/** DELETE /api/admin/media/{id}: the row and its files in storage. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => {
      toast.success("Media deleted");
      return queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary });
    },
    onError: (error) => toast.error("Could not delete media", { description: shopperMessage(error) }),
  });
}
