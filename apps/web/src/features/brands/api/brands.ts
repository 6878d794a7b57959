import type { Brand, Page } from "@reelmart/core/api/catalog";
import { isUuid } from "@reelmart/core/ids";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

export function useBrand(id: string) {
  return useQuery({
    queryKey: ["brand", id],
    queryFn: ({ signal }) => apiRequest<Brand>(`/brands/${id}`, { signal }),
    enabled: isUuid(id),
  });
}

export function useBrandDirectory(q: string) {
  return useInfiniteQuery({
    queryKey: ["brands", q],
    queryFn: ({ signal, pageParam }) => apiRequest<Page<Brand>>("/brands", { signal, query: { q, cursor: pageParam, limit: 30 } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
  });
}
