import type { ProductSummary } from "@reelmart/core/api/catalog";
import { PRODUCT_BATCH_MAX_IDS } from "@reelmart/core/api/catalog";
import { isUuid } from "@reelmart/core/ids";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";
import { productCache } from "./product-cache.ts";
import { productKeys } from "./product-keys.ts";

/** GET /api/products/batch, as many times as the batch limit needs; ids the server does not know are absent. */
export async function getProductsById(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, ProductSummary>> {
  const chunks: string[][] = [];
  for (let at = 0; at < ids.length; at += PRODUCT_BATCH_MAX_IDS) chunks.push(ids.slice(at, at + PRODUCT_BATCH_MAX_IDS));
  const pages = await Promise.all(chunks.map((chunk) => apiRequest<{ items: ProductSummary[] }>("/products/batch", { signal, query: { ids: chunk.join(",") } })));
  return new Map(pages.flatMap((page) => page.items).map((product) => [product.id, product]));
}

export const getProductsByIdQueryOptions = (ids: readonly string[]) => {
  const valid = ids.filter(isUuid);
  return queryOptions({
    queryKey: [...productKeys.lists, "batch", valid],
    queryFn: ({ signal }) => getProductsById(valid, signal),
    enabled: valid.length > 0,
    placeholderData: (previous) => previous,
    ...productCache,
  });
};

/** Products by id, in the order asked. */
export function useProductsById(ids: string[]) {
  return useQuery(getProductsByIdQueryOptions(ids));
}
