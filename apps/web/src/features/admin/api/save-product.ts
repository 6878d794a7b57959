import type { AdminProduct, AdminProductSaveInput } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const saveProduct = ({ id, body }: { id: string; body: AdminProductSaveInput }) => apiRequest<AdminProduct>(`/admin/products/${id}`, { method: "PUT", body });

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(adminKeys.product(product.id), product);
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}
