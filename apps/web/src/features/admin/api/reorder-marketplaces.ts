import type { AdminMarketplace } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const reorderMarketplaces = async (ids: string[]) =>
  (await apiRequest<{ items: AdminMarketplace[] }>("/admin/marketplace-order", { method: "PUT", body: { ids } })).items;

export function useReorderMarketplaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderMarketplaces,
    // The list moves at once; the server's answer (or a refetch after a failure) settles it.
    onMutate: (ids) => {
      const previous = queryClient.getQueryData<AdminMarketplace[]>(adminKeys.marketplaces);
      if (previous) queryClient.setQueryData(adminKeys.marketplaces, ids.flatMap((id) => previous.filter((item) => item.id === id)));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.marketplaces, context.previous);
    },
    onSuccess: (items) => queryClient.setQueryData(adminKeys.marketplaces, items),
  });
}
