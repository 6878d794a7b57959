import type { SearchPriceRangeId, SearchResult, SearchSort } from "@reelmart/core/api/search";
import { SEARCH_DEFAULT_LIMIT } from "@reelmart/core/constants";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";

/** What a search asks for besides the term; absent filters do not narrow. */
export interface SearchFilters {
  sort?: SearchSort;
  category?: string;
  brandId?: string;
  price?: SearchPriceRangeId;
  inStock?: boolean;
}

export interface SearchRequest extends SearchFilters {
  q: string;
  marketplaceId: string | null;
  limit?: number;
}

/** GET /api/search: one page of products for the term (typos forgiven), with facets and suggestions. */
export const searchProducts = (request: SearchRequest, cursor: string | undefined, signal?: AbortSignal) =>
  apiRequest<SearchResult>("/search", {
    signal,
    query: {
      q: request.q,
      marketplaceId: request.marketplaceId,
      limit: request.limit ?? SEARCH_DEFAULT_LIMIT,
      sort: request.sort === "relevance" ? undefined : request.sort,
      category: request.category,
      brandId: request.brandId,
      price: request.price,
      inStock: request.inStock ? "true" : undefined,
      cursor,
    },
  });

export const searchProductsQueryOptions = (request: SearchRequest) =>
  infiniteQueryOptions({
    queryKey: ["search", request],
    queryFn: ({ pageParam, signal }) => searchProducts(request, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Blank terms skip the server search (001 §5).
    enabled: request.q.trim().length > 0,
    // While the next term loads, the last results stay on screen (results as you type).
    placeholderData: (previous) => previous,
  });

export function useProductSearch(request: SearchRequest) {
  return useInfiniteQuery(searchProductsQueryOptions(request));
}
