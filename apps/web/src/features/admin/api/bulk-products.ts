import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export type BulkAction = "publish" | "archive" | "delete";

export const bulkProducts = (body: { ids: string[]; action: BulkAction }) => apiRequest<{ affected: number }>("/admin/products/bulk", { method: "POST", body });

export function useBulkProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkProducts, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
