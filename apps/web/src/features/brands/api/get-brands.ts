import type { Brand, Page } from "@reelmart/core/api/catalog";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

const BRAND_PAGE_SIZE = 30;

/** GET /api/brands: one page of the directory, filtered by a name. */
export const getBrands = (q: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<Page<Brand>>("/brands", { signal, query: { q, cursor, limit: BRAND_PAGE_SIZE } });

export const getBrandsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ["brands", q],
    queryFn: ({ signal, pageParam }) => getBrands(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
  });

export function useBrandDirectory(q: string) {
  return useInfiniteQuery(getBrandsQueryOptions(q));
}
