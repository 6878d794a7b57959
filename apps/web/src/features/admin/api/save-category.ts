import type { AdminCategory } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

/** POST /api/admin/categories (add) or PUT /api/admin/categories/{from} (rename; products follow). */
export const saveCategory = ({ from, name }: { from: string | null; name: string }) =>
  apiRequest<AdminCategory>(from ? `/admin/categories/${encodeURIComponent(from)}` : "/admin/categories", { method: from ? "PUT" : "POST", body: { name } });

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
