import type { Category } from "@reelmart/core/api/catalog";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

/** GET /api/categories. */
export const getCategories = async (signal?: AbortSignal) => (await apiRequest<{ items: Category[] }>("/categories", { signal })).items;

export const getCategoriesQueryOptions = () => queryOptions({ queryKey: ["categories"], queryFn: ({ signal }) => getCategories(signal), staleTime: 10 * 60_000 });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
