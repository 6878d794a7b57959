import type { AdminProductSaveInput } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

/** POST /api/admin/products with the editor's first save: the product is made only now, with what the owner entered (decision 215). */
export const createProduct = (body: AdminProductSaveInput) => apiRequest<{ id: string }>("/admin/products", { method: "POST", body });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
