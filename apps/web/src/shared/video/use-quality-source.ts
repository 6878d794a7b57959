import type { Media } from "@reelmart/core/api/catalog";
import { type QualityChoice, chooseQualityLevel, qualityLevel } from "@reelmart/core/quality";
import { useState } from "react";
import { useEffectiveConnectionType } from "./use-network-type.ts";

/**
 * The source to play: the rendition at the viewer's quality choice, or on "auto" the one the network
 * suits; the media's own URL when it has no renditions. `levels` are the qualities on offer.
 */
export function useQualitySource(media: Media) {
  const effectiveType = useEffectiveConnectionType();
  const [choice, setChoice] = useState<QualityChoice>("auto");
  const levels = media.renditions.map(qualityLevel);
  const level = chooseQualityLevel(levels, choice, effectiveType);
  const src = media.renditions.find((r) => qualityLevel(r) === level)?.url ?? media.url;
  return { choice, setChoice, levels, level, src };
}
