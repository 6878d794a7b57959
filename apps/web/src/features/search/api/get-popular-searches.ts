import type { PopularSearches } from "@reelmart/core/api/search";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

/** GET /api/search/popular: what shoppers search most. */
export const getPopularSearches = async (signal?: AbortSignal) => (await apiRequest<PopularSearches>("/search/popular", { signal })).items;

export const popularSearchesQueryOptions = () =>
  queryOptions({
    queryKey: ["search", "popular"],
    queryFn: ({ signal }) => getPopularSearches(signal),
    staleTime: 5 * 60_000,
  });

export function usePopularSearches() {
  return useQuery(popularSearchesQueryOptions());
}
