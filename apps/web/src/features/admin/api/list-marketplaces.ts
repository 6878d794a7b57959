import type { AdminMarketplace } from "@reelmart/core/api/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const listMarketplaces = async (signal?: AbortSignal) => (await apiRequest<{ items: AdminMarketplace[] }>("/admin/marketplaces", { signal })).items;

export const marketplacesQuery = () => queryOptions({ queryKey: adminKeys.marketplaces, queryFn: ({ signal }) => listMarketplaces(signal), staleTime: 0 });

export const useAdminMarketplaces = () => useQuery(marketplacesQuery());
