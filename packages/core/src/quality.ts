/** 'auto' or a rendition height the viewer picked from the quality menu. */
export type QualityChoice = "auto" | number;

/** navigator.connection.effectiveType values (Network Information API). */
export type EffectiveConnectionType = "slow-2g" | "2g" | "3g" | "4g" | (string & {});

/**
 * The height auto quality aims for (001 §4, "Quality choice"): 240p on 2g/slow-2g, 480p on 3g,
 * and 480p otherwise while the choice is auto (a stable, cheap default on unknown networks).
 */
export function autoTargetHeight(effectiveType: EffectiveConnectionType | undefined): number {
  return effectiveType === "2g" || effectiveType === "slow-2g" ? 240 : 480;
}

/**
 * The rendition height to play, or null when the video has no renditions (play its source URL).
 * A manual choice wins when that height exists. When the target height is not available, the
 * tallest rendition below it is used so a slow network never gets more than it asked for; if all
 * are taller, the smallest one.
 */
export function chooseRenditionHeight(
  available: readonly number[],
  choice: QualityChoice,
  effectiveType: EffectiveConnectionType | undefined,
): number | null {
  if (available.length === 0) return null;
  const heights = [...available].sort((a, b) => a - b);
  if (choice !== "auto" && heights.includes(choice)) return choice;
  const target = autoTargetHeight(effectiveType);
  if (heights.includes(target)) return target;
  const below = heights.filter((h) => h < target);
  return below.length ? below[below.length - 1]! : heights[0]!;
}

/** The quality menu's entries: Auto plus each available rendition, tallest first. */
export function qualityMenuOptions(available: readonly number[]): { value: QualityChoice; label: string }[] {
  const heights = [...new Set(available)].sort((a, b) => b - a);
  return [{ value: "auto", label: "Auto" }, ...heights.map((h) => ({ value: h, label: `${h}p` }))];
}
