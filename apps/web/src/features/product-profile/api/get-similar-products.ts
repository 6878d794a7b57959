import type { ProductSummary } from "@reelmart/core/api/catalog";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { productKeys } from "../../../shared/product/api/product-keys.ts";

/** GET /api/products/{id}/similar in the chosen marketplace. */
export const getSimilarProducts = (productId: string, marketplaceId: string | null, signal?: AbortSignal) =>
  apiRequest<{ items: ProductSummary[] }>(`/products/${productId}/similar`, { signal, query: { marketplaceId } });

export const getSimilarProductsQueryOptions = (productId: string, marketplaceId: string | null) =>
  queryOptions({ queryKey: [...productKeys.lists, "similar", productId, marketplaceId], queryFn: ({ signal }) => getSimilarProducts(productId, marketplaceId, signal) });

export function useSimilarProducts(productId: string, marketplaceId: string | null) {
  return useQuery(getSimilarProductsQueryOptions(productId, marketplaceId));
}
