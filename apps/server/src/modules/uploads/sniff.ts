import { sniffImageType } from "@reelmart/core/image-sniff";

export type SniffedMedia = { kind: "video"; container: "mp4" | "webm" | "avi" } | { kind: "image"; format: "png" | "jpeg" | "gif" | "webp" };

/** QuickTime/MP4 atoms that may open a file: ISO-BMFF (ftyp) and older QuickTime layouts. */
const QUICKTIME_FIRST_ATOMS = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip"]);
/** ftyp brands of still-image formats in the same container (HEIC/AVIF photos are not videos). */
const IMAGE_BRANDS = new Set(["heic", "heix", "mif1", "msf1", "avif", "avis"]);

/** What a file is by its first bytes (STYLE.md: never by its name or the type the client claims). */
export function sniffMedia(head: Uint8Array): SniffedMedia | null {
  const image = sniffImageType(head);
  if (image) return { kind: "image", format: image };
  const ascii = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end));
  if (head.length >= 12 && QUICKTIME_FIRST_ATOMS.has(ascii(4, 8))) {
    if (ascii(4, 8) === "ftyp" && IMAGE_BRANDS.has(ascii(8, 12))) return null;
    return { kind: "video", container: "mp4" };
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return { kind: "video", container: "webm" };
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "AVI ") return { kind: "video", container: "avi" };
  return null;
}
