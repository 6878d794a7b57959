// A quality level is a rendition's short side, as video players name them: a portrait 240x426
// rendition is 240p. The choice and the menu work on levels.

/** 'auto' or a level the viewer picked from the quality menu. */
export type QualityChoice = "auto" | number;

/** navigator.connection.effectiveType values (Network Information API). */
export type EffectiveConnectionType = "slow-2g" | "2g" | "3g" | "4g" | (string & {});

/** The rendition's quality level (its short side). */
export function qualityLevel(rendition: { width: number; height: number }): number {
  return Math.min(rendition.width, rendition.height);
}

/**
 * The level auto quality aims for (001 §4, "Quality choice"): 240p on 2g/slow-2g, 480p on 3g,
 * and 480p otherwise while the choice is auto (a stable, cheap default on unknown networks).
 */
export function autoTargetLevel(effectiveType: EffectiveConnectionType | undefined): number {
  return effectiveType === "2g" || effectiveType === "slow-2g" ? 240 : 480;
}

/**
 * The level to play, or null when the video has no renditions (play its source URL). A manual
 * choice wins when that level exists. When the target is not available, the best level below it
 * is used so a slow network never gets more than it asked for; if all are larger, the smallest.
 */
export function chooseQualityLevel(
  available: readonly number[],
  choice: QualityChoice,
  effectiveType: EffectiveConnectionType | undefined,
): number | null {
  if (available.length === 0) return null;
  const levels = [...available].sort((a, b) => a - b);
  if (choice !== "auto" && levels.includes(choice)) return choice;
  const target = autoTargetLevel(effectiveType);
  if (levels.includes(target)) return target;
  const below = levels.filter((level) => level < target);
  return below.length ? below[below.length - 1]! : levels[0]!;
}

/** The quality menu's entries: Auto plus each available level, best first. */
export function qualityMenuOptions(available: readonly number[]): { value: QualityChoice; label: string }[] {
  const levels = [...new Set(available)].sort((a, b) => b - a);
  return [{ value: "auto", label: "Auto" }, ...levels.map((level) => ({ value: level, label: `${level}p` }))];
}
