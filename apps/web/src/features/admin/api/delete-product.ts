import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const deleteProduct = (id: string) => apiRequest<{ removedFiles: number }>(`/admin/products/${id}`, { method: "DELETE" });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The open editor must not refetch its (now gone) product before it navigates away.
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.product(id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}
