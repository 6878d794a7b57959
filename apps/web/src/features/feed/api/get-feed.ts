import type { FeedItem, FeedPage } from "@reelmart/core/api/feed";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { pageShuffleSeed, shuffledOrder } from "@reelmart/core/feed-order";
import { shuffleOnDevice } from "../shuffle.ts";
import { type FeedOptions, feedPageUrl } from "./feed-request.ts";
import { adoptFirstFeedPage, takeAnsweredFirstFeedPage } from "./first-page-prefetch.ts";

/**
 * GET /api/feed, one page. Each page is also shuffled on the device with the visit's seed (see
 * docs/decisions/010), except a 'similar' first page whose order is the point.
 */
export async function getFeedPage(options: FeedOptions, cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const url = feedPageUrl(options, cursor);
  const adopted = cursor ? null : await adoptFirstFeedPage(url.href);
  const page = adopted ?? (await apiRequest<FeedPage>(`/feed${url.search}`, { signal }));
  if (options.similarTo && !cursor) return page;
  return { ...page, items: await shuffleOnDevice(page.items, pageShuffleSeed(options.seed, cursor)) };
}

export const getFeedQueryOptions = (options: FeedOptions) =>
  infiniteQueryOptions({
    queryKey: ["feed", options.marketplaceId ?? "all", options.seed, options.similarTo ?? ""],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getFeedPage(options, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * The boot's first page when it has already answered, shuffled as getFeedPage would (a page is far
 * under the worker's threshold, so the order is the same): the feed's first render has its first card,
 * and no store update re-renders the feed for it (a render React cannot slice, TBT, issue #14).
 */
function bootFirstPage(options: FeedOptions): InfiniteData<FeedPage, string | null> | undefined {
  const page = takeAnsweredFirstFeedPage(feedPageUrl(options, null).href);
  if (!page) return undefined;
  const items = options.similarTo ? page.items : shuffledOrder(page.items.length, pageShuffleSeed(options.seed, null)).map((i) => page.items[i]!);
  return { pages: [{ ...page, items }], pageParams: [null] };
}

/** The feed as an infinite list. */
export function useFeed(options: FeedOptions) {
  return useInfiniteQuery({ ...getFeedQueryOptions(options), initialData: () => bootFirstPage(options) });
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
