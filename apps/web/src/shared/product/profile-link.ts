/**
 * A product profile opened from a video names it (`?media=`), so an add to cart there is counted for
 * that video (decision 150); share links and the comments drawer's way back use the same parameter.
 */
export function profileFromVideo(productId: string, mediaId: string | null, tab?: "reviews"): string {
  const query = new URLSearchParams();
  if (tab) query.set("tab", tab);
  if (mediaId) query.set("media", mediaId);
  const text = query.toString();
  return `/product-profile/${encodeURIComponent(productId)}${text ? `?${text}` : ""}`;
}

/** The video a profile was opened from, when it is one of this product's. */
export function videoOpenedFrom(search: URLSearchParams, media: ReadonlyArray<{ id: string }>): string | null {
  const mediaId = search.get("media");
  return mediaId && media.some((item) => item.id === mediaId) ? mediaId : null;
}
