// The demo catalogue's row ids: the same in every install, so a seed finds what an earlier one made.
import { createHash } from "node:crypto";

/**
 * Stable ids for demo rows (UUID layout, version 5 bits, from a SHA-1 of kind and key): the same
 * product has the same id in every install, and the first brand's id doubles as the "already
 * seeded" marker.
 */
export function demoId(kind: string, key: string): string {
  const hex = createHash("sha1").update(`reelmart-demo/${kind}/${key}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
