// How the search index in memory compares, finds and hashes texts: code-unit order (the database's
// C collation), binary search over sorted arrays, FNV-1a. Shared by the snapshot, its dictionary and its queries.

/** The first of `length` places where `before` is false, `before` being true up to some place and false from it: binary search. */
export function partitionPoint(length: number, before: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first place in ascending `texts` (code-unit order) that is not before `text`. */
export const firstNotBefore = (texts: readonly string[], text: string) => partitionPoint(texts.length, (at) => texts[at]! < text);

/** The place of `text` in ascending `texts`, or -1. */
export function indexIn(texts: readonly string[], text: string): number {
  const at = firstNotBefore(texts, text);
  return texts[at] === text ? at : -1;
}

export function ascending(texts: readonly string[]): boolean {
  for (let i = 1; i < texts.length; i++) if (!(texts[i - 1]! < texts[i]!)) return false;
  return true;
}

/** Byte order of the database's C collation for the texts we compare (code-unit order equals it outside the astral planes). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** FNV-1a over UTF-16 code units: equal texts hash equal, so unequal hashes spare a string comparison. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}
