import type { ProductSummary } from "@reelmart/core/api/catalog";
import { TRENDING_DEFAULT_LIMIT } from "@reelmart/core/api/discovery";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { productKeys } from "../../../shared/product/api/product-keys.ts";

/** GET /api/discovery/trending in the chosen marketplace. */
export const getTrendingProducts = async (marketplaceId: string | null, signal?: AbortSignal) =>
  (await apiRequest<{ items: ProductSummary[] }>("/discovery/trending", { signal, query: { marketplaceId, limit: TRENDING_DEFAULT_LIMIT } })).items;

export const getTrendingProductsQueryOptions = (marketplaceId: string | null) =>
  queryOptions({ queryKey: [...productKeys.lists, "trending", marketplaceId], queryFn: ({ signal }) => getTrendingProducts(marketplaceId, signal) });

export function useTrendingProducts(marketplaceId: string | null) {
  return useQuery(getTrendingProductsQueryOptions(marketplaceId));
}
