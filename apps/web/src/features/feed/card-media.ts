import type { FeedItem } from "@reelmart/core/api/feed";

/** The main video of a feed item: the flagged main one, else the first by display order. */
export function cardMedia(item: FeedItem) {
  return item.media.find((m) => m.isMain) ?? item.media[0] ?? null;
}
