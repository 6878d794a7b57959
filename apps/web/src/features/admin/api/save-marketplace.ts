import type { AdminMarketplace, MarketplaceInput } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

/** POST /api/admin/marketplaces (add) or PUT /api/admin/marketplaces/{id} (edit). */
export const saveMarketplace = ({ id, body }: { id: string | null; body: MarketplaceInput }) =>
  apiRequest<AdminMarketplace>(id ? `/admin/marketplaces/${id}` : "/admin/marketplaces", { method: id ? "PUT" : "POST", body });

export function useSaveMarketplace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMarketplace, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
