import type { Media } from "@reelmart/core/api/catalog";
import { useState } from "react";
import { useVideoPoster } from "./thumbnail-capture.ts";

/**
 * The picture shown while the video has no frame, and instead of it on failure: the media's poster,
 * then the product's thumbnail, then none, each given up once `markBroken` reports it failed to load.
 */
export function usePosterSource(media: Media, productThumbnailUrl: string | null, captureThumbnail: boolean) {
  // The poster sources that failed: the media's poster, then the product's thumbnail, then none.
  const [brokenPosters, setBrokenPosters] = useState<readonly string[]>([]);
  const poster = useVideoPoster(media, productThumbnailUrl, captureThumbnail);
  const posterSrc = [poster, productThumbnailUrl].find((url) => url && !brokenPosters.includes(url)) ?? null;
  const markBroken = (src: string) => setBrokenPosters((list) => (list.includes(src) ? list : [...list, src]));
  return { posterSrc, markBroken };
}
