import type { Page, ProductSummary } from "@reelmart/core/api/catalog";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { productCache } from "./product-cache.ts";
import { productKeys } from "./product-keys.ts";

export interface ProductListFilter {
  marketplaceId: string | null;
  category?: string;
  brandId?: string;
  limit?: number;
}

/** GET /api/products: the first page for a filter (brand shop, explore rows). */
export const getProducts = (filter: ProductListFilter, signal?: AbortSignal) =>
  apiRequest<Page<ProductSummary>>("/products", {
    signal,
    query: { marketplaceId: filter.marketplaceId, category: filter.category, brandId: filter.brandId, limit: filter.limit },
  });

export const getProductsQueryOptions = (filter: ProductListFilter) =>
  queryOptions({ queryKey: [...productKeys.lists, filter], queryFn: ({ signal }) => getProducts(filter, signal), ...productCache });

export function useProductList(filter: ProductListFilter, enabled = true) {
  return useQuery({ ...getProductsQueryOptions(filter), enabled });
}
