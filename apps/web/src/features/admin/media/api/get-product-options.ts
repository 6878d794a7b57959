import type { ProductSummary } from "@reelmart/core/api/catalog";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../shared/api/client.ts";
import { adminKeys } from "../../api/admin-keys.ts";

/** The first 100 products (id and title) for the upload and attach pickers. */
export function getProductOptions(signal?: AbortSignal) {
  return apiRequest<{ items: ProductSummary[] }>("/products", { signal, query: { limit: 100 } }).then((page) =>
    page.items.map((product) => ({ id: product.id, title: product.title })),
  );
}

export function useProductOptions() {
  return useQuery({ queryKey: adminKeys.mediaProductOptions, queryFn: ({ signal }) => getProductOptions(signal), staleTime: 60_000 });
}
