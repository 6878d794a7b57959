// One-off: renders the PWA's PNG icons from SVG with sharp (run `node apps/web/scripts/make-icons.mjs`
// after changing the artwork; the PNGs are committed so builds need no image tooling).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "../public/icons");
const play = (size, inset) => {
  const s = size * (1 - 2 * inset);
  const o = size * inset;
  const p = (x, y) => `${o + x * s},${o + y * s}`;
  return `<path d="M${p(0.383, 0.293)} L${p(0.383, 0.707)} L${p(0.715, 0.5)} Z" fill="#fff"/>`;
};
// "any" icons have rounded corners; maskable icons fill the square and keep the mark in the 80% safe zone.
const any = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size * 0.22}" fill="#ff2d55"/>${play(size, 0)}</svg>`;
const maskable = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#ff2d55"/>${play(size, 0.12)}</svg>`;

for (const [name, svg] of [
  ["icon-192.png", any(192)],
  ["icon-512.png", any(512)],
  ["maskable-192.png", maskable(192)],
  ["maskable-512.png", maskable(512)],
  ["apple-touch-icon.png", maskable(180)],
]) {
  writeFileSync(path.join(out, name), await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer());
}
