// Demo product art: a lucide icon (shipped as an npm package) drawn large as a lit, shaded object
// on a studio or room backdrop. SVG only, so sharp and ffmpeg rasterise it without fonts; no price
// or title is ever drawn (the app shows those).
import path from "node:path";
import sharp from "sharp";
import type { MediaCache } from "../media/cache.ts";

/** lucide's icon node: [tag, attributes] pairs in a 24x24 viewBox. */
export type IconNode = Array<[string, Record<string, string>]>;

/** Part of every cache key here: bump it when the drawing changes, so old entries are not reused. */
const ART_VERSION = 1;

export async function loadIcon(name: string): Promise<IconNode> {
  // Each lucide icon module exports its node data beside the React component.
  const module = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { node: IconNode } };
  if (!module.__iconData) throw new Error(`lucide icon ${name} has no node data`);
  return module.__iconData.node;
}

export function iconElements(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => `${name}="${value}"`)
        .join(" ");
      return `<${tag} ${attrs}/>`;
    })
    .join("");
}

/** An art view: straight on, turned three-quarters (shows its depth), or seen from above. */
export type ArtView = "front" | "angle" | "top";

const VIEW_TRANSFORMS: Record<ArtView, string> = {
  front: "",
  angle: "translate(12 12) rotate(-9) skewY(-7) scale(0.9 1) translate(-12 -12)",
  top: "translate(12 12) scale(1 0.78) rotate(14) translate(-12 -12)",
};

/**
 * The product itself on a transparent square: a soft floor shadow, an extruded body (the stroke
 * repeated a little down and right in a darker shade), a translucent tinted fill, the stroke in a
 * gradient of the variant colour, and a specular highlight.
 */
export function productArtSvg(node: IconNode, color: string, view: ArtView, size = 1000): string {
  const elements = iconElements(node);
  const light = mix(color, "#ffffff", 0.35);
  const dark = mix(color, "#000000", 0.45);
  const rim = luminance(color) > 0.6 ? "#94a3b8" : "#ffffff";
  const depth = view === "angle" ? 0.55 : 0.32;
  const depthLayers = [1, 2, 3]
    .map((step) => `<g transform="translate(${(depth * step) / 3} ${(depth * step) / 2.4})" stroke="${dark}" stroke-width="2.3">${elements}</g>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-3 -3 30 30">
  <defs>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="0.8"/></filter>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${color}"/></linearGradient>
  </defs>
  <ellipse cx="12.6" cy="24.6" rx="9.5" ry="1.2" fill="#000" fill-opacity="0.4" filter="url(#blur)"/>
  <g transform="${VIEW_TRANSFORMS[view]}" fill="none" stroke-linecap="round" stroke-linejoin="round">
    ${depthLayers}
    <g fill="${color}" fill-opacity="0.45" stroke="none">${elements}</g>
    <g stroke="url(#body)" stroke-width="2.2">${elements}</g>
    <g transform="translate(-0.22 -0.28)" stroke="${rim}" stroke-opacity="0.55" stroke-width="0.45">${elements}</g>
  </g>
</svg>`;
}

/**
 * A studio backdrop (a sweep lit from above in the product's colour) or, for customer videos, a
 * room: a warm wall, a window's light and a table top, soft as a phone camera's background.
 */
export function backdropSvg(kind: "studio" | "room", tint: string, width: number, height: number): string {
  if (kind === "studio") {
    const top = mix(tint, "#ffffff", 0.12);
    const floor = mix(tint, "#000000", 0.55);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="spot" cx="0.5" cy="0.34" r="0.75"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${mix(tint, "#000000", 0.25)}"/><stop offset="1" stop-color="${floor}"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#spot)"/>
  <rect y="${height * 0.62}" width="${width}" height="${height * 0.38}" fill="url(#floor)"/>
</svg>`;
  }
  const wall = mix("#d6c2a8", tint, 0.18);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${width / 60}"/></filter>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(wall, "#ffffff", 0.25)}"/><stop offset="1" stop-color="${mix(wall, "#000000", 0.35)}"/></linearGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a47148"/><stop offset="1" stop-color="#5b3a21"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#wall)"/>
  <g filter="url(#soft)">
    <rect x="${width * 0.56}" y="${height * 0.06}" width="${width * 0.36}" height="${height * 0.34}" rx="6" fill="#fff8e7" fill-opacity="0.85"/>
    <rect x="${width * 0.735}" y="${height * 0.06}" width="${width * 0.012}" height="${height * 0.34}" fill="${mix(wall, "#000000", 0.3)}"/>
    <circle cx="${width * 0.18}" cy="${height * 0.22}" r="${width * 0.1}" fill="${mix(tint, "#ffffff", 0.4)}" fill-opacity="0.5"/>
    <rect x="${width * 0.08}" y="${height * 0.3}" width="${width * 0.05}" height="${height * 0.24}" fill="#3f6212" fill-opacity="0.55"/>
  </g>
  <rect y="${height * 0.58}" width="${width}" height="${height * 0.42}" fill="url(#table)"/>
  <rect y="${height * 0.58}" width="${width}" height="${height * 0.012}" fill="#fff" fill-opacity="0.18"/>
</svg>`;
}

export interface ProductPhotoSpec {
  node: IconNode;
  color: string;
  /** The backdrop's tint (the product's own colour). */
  tint: string;
  view: ArtView | "closeUp";
}

export const PHOTO_SIZE = 900;

/** A square JPEG product photo, generated once per spec and kept in the content-addressed cache. */
export async function renderProductPhoto(cache: MediaCache, spec: ProductPhotoSpec): Promise<string> {
  const dir = await cache.getOrCreate({ kind: "product-photo", version: ART_VERSION, spec, size: PHOTO_SIZE }, async (out) => {
    const backdrop = Buffer.from(backdropSvg("studio", studioTint(spec.tint, spec.color), PHOTO_SIZE, PHOTO_SIZE));
    const art =
      spec.view === "closeUp"
        ? // Twice the size, cropped to its upper middle: a detail shot.
          await sharp(Buffer.from(productArtSvg(spec.node, spec.color, "front", PHOTO_SIZE * 2)))
            .extract({ left: Math.round(PHOTO_SIZE * 0.5), top: Math.round(PHOTO_SIZE * 0.36), width: PHOTO_SIZE, height: PHOTO_SIZE })
            .png()
            .toBuffer()
        : await sharp(Buffer.from(productArtSvg(spec.node, spec.color, spec.view, Math.round(PHOTO_SIZE * 0.86)))).png().toBuffer();
    await sharp(backdrop)
      .composite([{ input: art, gravity: "center" }])
      .jpeg({ quality: 84, mozjpeg: true })
      .toFile(path.join(out, "photo.jpg"));
  });
  return path.join(dir, "photo.jpg");
}

/** The backdrop's tint, lightened behind a dark product and darkened behind a light one so it stands out. */
export function studioTint(tint: string, color: string): string {
  const shade = luminance(color);
  if (shade < 0.3) return mix(tint, "#ffffff", 0.55);
  if (shade > 0.7) return mix(tint, "#000000", 0.2);
  return tint;
}

export interface BrandCoverSpec {
  nodes: IconNode[];
  colors: [string, string];
}

export const COVER_SIZE = { width: 1200, height: 400 } as const;

/** A brand's 3:1 cover: its products' art lined up on a lit sweep in the brand's colours. */
export async function renderBrandCover(cache: MediaCache, spec: BrandCoverSpec): Promise<string> {
  const dir = await cache.getOrCreate({ kind: "brand-cover", version: ART_VERSION, spec, size: COVER_SIZE }, async (out) => {
    const { width, height } = COVER_SIZE;
    const [base, accent] = spec.colors;
    const backdrop = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(base, "#000000", 0.2)}"/><stop offset="1" stop-color="${mix(accent, base, 0.55)}"/></linearGradient>
  <radialGradient id="l" cx="0.7" cy="0.2" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/><rect width="${width}" height="${height}" fill="url(#l)"/>
</svg>`);
    const artSize = Math.round(height * 0.95);
    const arts = await Promise.all(
      spec.nodes.map((node, index) => sharp(Buffer.from(productArtSvg(node, index % 2 ? accent : mix(accent, "#ffffff", 0.3), index % 2 ? "angle" : "front", artSize))).png().toBuffer()),
    );
    const step = Math.round((width * 0.5) / Math.max(1, arts.length));
    await sharp(backdrop)
      .composite(arts.map((input, index) => ({ input, left: Math.round(width * 0.42) + index * step - Math.round(artSize * 0.1), top: Math.round(height * 0.04) })))
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(path.join(out, "cover.jpg"));
  });
  return path.join(dir, "cover.jpg");
}

/** A brand mark: the brand's icon in a rounded square, lit like the product art. */
export function brandLogoSvg(node: IconNode, colors: [string, string]): string {
  const [base, accent] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(base, "#ffffff", 0.15)}"/><stop offset="1" stop-color="${mix(base, "#000000", 0.3)}"/></linearGradient></defs>
  <rect width="256" height="256" rx="60" fill="url(#g)"/>
  <rect x="6" y="6" width="244" height="244" rx="54" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="4"/>
  <g transform="translate(48 48) scale(6.67)" fill="none" stroke="${accent}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconElements(node)}</g>
</svg>`;
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `amount` of `other` mixed into `color` (0 keeps color). */
export function mix(color: string, other: string, amount: number): string {
  const a = channels(color);
  const b = channels(other);
  return `#${a.map((channel, index) => Math.round(channel + (b[index]! - channel) * amount).toString(16).padStart(2, "0")).join("")}`;
}

/** Relative brightness 0-1 (Rec. 709 weights), to pick a backdrop the colour stands out on. */
export function luminance(color: string): number {
  const [r, g, b] = channels(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
