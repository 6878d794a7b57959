import type { ProductDetail } from "@reelmart/core/api/catalog";
import { isUuid } from "@reelmart/core/ids";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { productCache } from "./product-cache.ts";
import { productKeys } from "./product-keys.ts";

/** GET /api/products/{id}: one product with everything its pages show; not filtered by marketplace so shared links open. */
export const getProduct = (id: string, signal?: AbortSignal) => apiRequest<ProductDetail>(`/products/${encodeURIComponent(id)}`, { signal });

export const getProductQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal), enabled: isUuid(id), ...productCache });

export function useProduct(id: string | undefined) {
  return useQuery(getProductQueryOptions(id ?? ""));
}
