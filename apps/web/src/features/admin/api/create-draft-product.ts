import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const createDraftProduct = () => apiRequest<{ id: string }>("/admin/products", { method: "POST" });

export function useCreateDraftProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDraftProduct, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
