import type { Media } from "@reelmart/core/api/catalog";

export type MediaTab = "videos" | "ugc" | "images" | "reviews";

export interface ProductMediaGroups {
  videos: Media[];
  ugc: Media[];
  images: Media[];
}

/** ORIGINs are the product's own videos, UGC the customers', Images every picture (001 §2, §3). */
export function groupMedia(media: Media[]): ProductMediaGroups {
  return {
    videos: media.filter((item) => item.type === "video" && item.category === "product"),
    ugc: media.filter((item) => item.type === "video" && item.category === "ugc"),
    images: media.filter((item) => item.type === "image"),
  };
}

/**
 * A tab shows only with content; Reviews always shows (001 §2 "Media tabs"). In editable mode the
 * video tabs stay, so their empty state can offer 'Add New UGC/Product Video'.
 */
export function availableTabs(groups: ProductMediaGroups, editable = false): MediaTab[] {
  const tabs: MediaTab[] = [];
  if (groups.videos.length || editable) tabs.push("videos");
  if (groups.ugc.length || editable) tabs.push("ugc");
  if (groups.images.length) tabs.push("images");
  tabs.push("reviews");
  return tabs;
}

/** The active tab if it is available, otherwise the first available one. */
export function resolveTab(requested: MediaTab, available: MediaTab[]): MediaTab {
  return available.includes(requested) ? requested : (available[0] ?? "reviews");
}

/** ?tab=reviews, or navigation state asking to scroll to reviews, opens Reviews (001 §2). */
export function initialTab(search: URLSearchParams, state: unknown): MediaTab {
  if (search.get("tab") === "reviews") return "reviews";
  const wanted = state as { scrollToReviews?: boolean; tab?: string } | null;
  if (wanted?.scrollToReviews || wanted?.tab === "reviews") return "reviews";
  return "videos";
}
