import { FEED_APP_PAGE_SIZE } from "@reelmart/core/feed-order";
import { apiUrl } from "../../../shared/api/client.ts";

export interface FeedOptions {
  marketplaceId: string | null;
  seed: string;
  similarTo: string | null;
}

/** GET /api/feed for one page: the one place its URL is made, so the boot's request and the query's are equal. */
export function feedPageUrl(options: FeedOptions, cursor: string | null): URL {
  return apiUrl("/feed", {
    marketplaceId: options.marketplaceId,
    seed: options.seed,
    cursor,
    limit: FEED_APP_PAGE_SIZE,
    similarTo: cursor ? null : options.similarTo,
  });
}
