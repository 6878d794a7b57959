import type { Marketplace } from "@reelmart/core/api/catalog";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";

/** GET /api/marketplaces: the active marketplaces by display order. */
export const getMarketplaces = async (signal?: AbortSignal) => (await apiRequest<{ items: Marketplace[] }>("/marketplaces", { signal })).items;

export const getMarketplacesQueryOptions = () => queryOptions({ queryKey: ["marketplaces"], queryFn: ({ signal }) => getMarketplaces(signal), staleTime: 10 * 60_000 });

export function useMarketplaceList() {
  return useQuery(getMarketplacesQueryOptions());
}
