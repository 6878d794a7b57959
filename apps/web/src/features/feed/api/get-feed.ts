import type { FeedItem, FeedPage } from "@reelmart/core/api/feed";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { shuffleOnDevice } from "../shuffle.ts";
import { type FeedOptions, feedPageUrl } from "./feed-request.ts";
import { adoptFirstFeedPage } from "./first-page-prefetch.ts";

/**
 * GET /api/feed, one page. Each page is also shuffled on the device with the visit's seed (see
 * docs/decisions/010), except a 'similar' first page whose order is the point.
 */
export async function getFeedPage(options: FeedOptions, cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const url = feedPageUrl(options, cursor);
  const adopted = cursor ? null : await adoptFirstFeedPage(url.href);
  const page = adopted ?? (await apiRequest<FeedPage>(`/feed${url.search}`, { signal }));
  if (options.similarTo && !cursor) return page;
  return { ...page, items: await shuffleOnDevice(page.items, `${options.seed}:${cursor ?? ""}`) };
}

export const getFeedQueryOptions = (options: FeedOptions) =>
  infiniteQueryOptions({
    queryKey: ["feed", options.marketplaceId ?? "all", options.seed, options.similarTo ?? ""],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getFeedPage(options, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });

/** The feed as an infinite list. */
export function useFeed(options: FeedOptions) {
  return useInfiniteQuery(getFeedQueryOptions(options));
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
