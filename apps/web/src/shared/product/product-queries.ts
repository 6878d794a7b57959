import type { Page, ProductDetail, ProductSummary } from "@reelmart/core/api/catalog";
import { PRODUCT_QUERY_GC_MS, PRODUCT_QUERY_STALE_MS } from "@reelmart/core/constants";
import { isUuid } from "@reelmart/core/ids";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/client.ts";

// Product reads several pages share. Products stay fresh for 5 minutes (000 §9).
const productCache = { staleTime: PRODUCT_QUERY_STALE_MS, gcTime: PRODUCT_QUERY_GC_MS };

export const productQueryKey = (id: string) => ["product", id] as const;

/** One product with everything its pages show; not filtered by marketplace so shared links open. */
export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productQueryKey(id ?? ""),
    queryFn: ({ signal }) => apiRequest<ProductDetail>(`/products/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: Boolean(id && isUuid(id)),
    ...productCache,
  });
}

export interface ProductListFilter {
  marketplaceId: string | null;
  category?: string;
  brandId?: string;
  limit?: number;
}

/** The first page of GET /api/products for a filter (brand shop, explore rows). */
export function useProductList(filter: ProductListFilter, enabled = true) {
  return useQuery({
    queryKey: ["products", filter],
    queryFn: ({ signal }) =>
      apiRequest<Page<ProductSummary>>("/products", {
        signal,
        query: { marketplaceId: filter.marketplaceId, category: filter.category, brandId: filter.brandId, limit: filter.limit },
      }),
    enabled,
    ...productCache,
  });
}

const BATCH_MAX = 100;

/** Products by id, in the order asked; ids the server does not know are simply absent from the map. */
export function useProductsById(ids: string[]) {
  const valid = ids.filter(isUuid);
  return useQuery({
    queryKey: ["products", "batch", valid],
    queryFn: async ({ signal }) => {
      const chunks: string[][] = [];
      for (let at = 0; at < valid.length; at += BATCH_MAX) chunks.push(valid.slice(at, at + BATCH_MAX));
      const pages = await Promise.all(
        chunks.map((chunk) => apiRequest<{ items: ProductSummary[] }>("/products/batch", { signal, query: { ids: chunk.join(",") } })),
      );
      return new Map(pages.flatMap((page) => page.items).map((product) => [product.id, product]));
    },
    enabled: valid.length > 0,
    placeholderData: (previous) => previous,
    ...productCache,
  });
}
