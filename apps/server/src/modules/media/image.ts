import path from "node:path";
import sharp from "sharp";
import type { MediaCache } from "./cache.ts";
import { demoFontFile } from "./ffmpeg.ts";

export interface ProductCardSpec {
  title: string;
  /** Shown under the title, e.g. the formatted price. */
  caption: string;
  /** A small label at the top, e.g. the brand or category. */
  label: string;
  colors: [string, string];
  /** Two layouts so a product's two images differ. */
  layout: "front" | "detail";
}

export const CARD_SIZE = { width: 720, height: 960 } as const;
const CARD_FILE = "card.jpg";

/**
 * A generated product card (JPEG, 3:4): a gradient in the product's colours with shapes, a label,
 * the title and a caption. Text is rendered by sharp's Pango renderer with the bundled DejaVu file,
 * since SVG text would depend on whatever fonts the machine has.
 */
export async function renderProductCard(cache: MediaCache, spec: ProductCardSpec): Promise<string> {
  const dir = await cache.getOrCreate({ kind: "product-card", spec, size: CARD_SIZE }, async (out) => {
    const { width, height } = CARD_SIZE;
    const [from, to] = spec.colors;
    const shapes =
      spec.layout === "front"
        ? `<circle cx="${width * 0.78}" cy="${height * 0.22}" r="${width * 0.3}" fill="#fff" fill-opacity="0.16"/>
           <rect x="${width * 0.12}" y="${height * 0.18}" width="${width * 0.42}" height="${width * 0.42}" rx="36" fill="#fff" fill-opacity="0.22" transform="rotate(-12 ${width * 0.33} ${height * 0.35})"/>`
        : `<circle cx="${width * 0.2}" cy="${height * 0.3}" r="${width * 0.22}" fill="#000" fill-opacity="0.12"/>
           <circle cx="${width * 0.62}" cy="${height * 0.36}" r="${width * 0.3}" fill="#fff" fill-opacity="0.2"/>
           <rect x="0" y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="#000" fill-opacity="0.28"/>`;
    const background = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <defs><linearGradient id="g" x1="0" y1="0" x2="${spec.layout === "front" ? 1 : 0}" y2="1">
          <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
        </linearGradient></defs>
        <rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}
      </svg>`,
    );
    const inner = width - 96;
    const [label, title, caption] = await Promise.all([
      textLayer(spec.label.toUpperCase(), 20, inner, "regular"),
      textLayer(spec.title, 40, inner, "bold"),
      textLayer(spec.caption, 30, inner, "bold"),
    ]);
    const titleTop = Math.round(height * 0.66);
    await sharp(background)
      .composite([
        { input: label.data, left: 48, top: 48 },
        { input: title.data, left: 48, top: titleTop },
        { input: caption.data, left: 48, top: titleTop + title.height + 24 },
      ])
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(path.join(out, CARD_FILE));
  });
  return path.join(dir, CARD_FILE);
}

async function textLayer(text: string, points: number, width: number, weight: "regular" | "bold") {
  const markup = `<span foreground="white" size="${points}pt">${escapeMarkup(text)}</span>`;
  const { data, info } = await sharp({
    text: { text: markup, font: weight === "bold" ? "DejaVu Sans Bold" : "DejaVu Sans", fontfile: demoFontFile(weight), width, rgba: true, wrap: "word" },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, height: info.height };
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
