import type { FeedItem, FeedPage } from "@reelmart/core/api/feed";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { shuffleOnDevice } from "../shuffle.ts";

/** Enough cards for the current one and its preload neighbours, small enough to arrive fast on 3G. */
const FEED_PAGE_SIZE = 8;

export const feedQueryKey = (marketplaceId: string | null, seed: string, similarTo: string | null) =>
  ["feed", marketplaceId ?? "all", seed, similarTo ?? ""] as const;

/**
 * GET /api/feed as an infinite list. Each page is also shuffled on the device with the visit's
 * seed (see docs/decisions/010), except a 'similar' first page whose order is the point.
 */
export function useFeed(options: { marketplaceId: string | null; seed: string; similarTo: string | null }) {
  return useInfiniteQuery({
    queryKey: feedQueryKey(options.marketplaceId, options.seed, options.similarTo),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
      const page = await apiRequest<FeedPage>("/feed", {
        signal,
        query: {
          marketplaceId: options.marketplaceId,
          seed: options.seed,
          cursor: pageParam,
          limit: FEED_PAGE_SIZE,
          similarTo: pageParam ? null : options.similarTo,
        },
      });
      if (options.similarTo && !pageParam) return page;
      return { ...page, items: await shuffleOnDevice(page.items, `${options.seed}:${pageParam ?? ""}`) };
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Pages flattened; an item already shown ('similar' items reappear in the walk) is dropped. */
export function feedItems(pages: readonly FeedPage[] | undefined): FeedItem[] {
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
