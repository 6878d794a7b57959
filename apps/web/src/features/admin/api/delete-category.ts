import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const deleteCategory = (name: string) => apiRequest<void>(`/admin/categories/${encodeURIComponent(name)}`, { method: "DELETE" });

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
