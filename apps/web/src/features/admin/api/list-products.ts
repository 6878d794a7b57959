import type { AdminProductListQuery, AdminProductPage } from "@reelmart/core/api/admin";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export type ProductFilters = Omit<AdminProductListQuery, "cursor" | "limit">;

export const listProducts = (filters: ProductFilters, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<AdminProductPage>("/admin/products", { signal, query: { ...filters, cursor } });

export const productsQuery = (filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.products, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listProducts(filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useProducts = (filters: ProductFilters) => useInfiniteQuery(productsQuery(filters));
