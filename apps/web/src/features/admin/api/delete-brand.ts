import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const deleteBrand = (id: string) => apiRequest<{ unassignedProducts: number }>(`/admin/brands/${id}`, { method: "DELETE" });

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBrand, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
