import type { ProductSummary } from "@reelmart/core/api/catalog";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

export function useSimilarProducts(productId: string, marketplaceId: string | null) {
  return useQuery({
    queryKey: ["products", "similar", productId, marketplaceId],
    queryFn: ({ signal }) =>
      apiRequest<{ items: ProductSummary[] }>(`/products/${productId}/similar`, { signal, query: { marketplaceId } }),
  });
}
