import type { AdminBrand, BrandInput } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

/** POST /api/admin/brands without an id (create), PUT /api/admin/brands/{id} with one (update). */
export const saveBrand = ({ id, body }: { id: string | null; body: BrandInput }) =>
  apiRequest<AdminBrand>(id ? `/admin/brands/${id}` : "/admin/brands", { method: id ? "PUT" : "POST", body });

export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBrand, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
