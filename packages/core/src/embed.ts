// The shoppable embed (decision 165): what a brand pastes on its own site, built in one place so the
// admin's snippet, the oEmbed answer and the embed script agree on paths, sizes and attributes.

/** What an embed shows: one video, or the ready videos of a product or of a brand. */
export type EmbedKind = "v" | "product" | "brand";
export interface EmbedTarget {
  kind: EmbedKind;
  id: string;
}

/** carousel: videos side by side, swiped sideways; feed: one video per screen, scrolled down. */
export const EMBED_LAYOUTS = ["carousel", "feed"] as const;
export type EmbedLayout = (typeof EMBED_LAYOUTS)[number];

/** The frame's size in CSS pixels: a 9:16 video with its card below, or a row of them. */
export const EMBED_SIZES: Record<EmbedLayout | "video", { width: number; height: number }> = {
  video: { width: 360, height: 640 },
  feed: { width: 360, height: 640 },
  carousel: { width: 640, height: 520 },
};

/** The custom element embed.js defines. */
export const EMBED_ELEMENT = "reelmart-videos";

/** The embed page's path on the store: /embed/{kind}/{id}, with ?layout= for products and brands. */
export function embedPath(target: EmbedTarget, layout: EmbedLayout = "carousel"): string {
  const path = `/embed/${target.kind}/${encodeURIComponent(target.id)}`;
  return target.kind === "v" ? path : `${path}?layout=${layout}`;
}

/** The frame's size: a single video is always 9:16; a product or brand follows its layout. */
export function embedSize(target: EmbedTarget, layout: EmbedLayout = "carousel") {
  return EMBED_SIZES[target.kind === "v" ? "video" : layout];
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The plain iframe form: works where scripts may not be pasted (many CMSs), and is the oEmbed html. */
export function iframeSnippet(origin: string, target: EmbedTarget, options: { layout?: EmbedLayout; title: string; width?: number; height?: number }): string {
  const size = embedSize(target, options.layout);
  const src = `${origin}${embedPath(target, options.layout)}`;
  return (
    `<iframe src="${escapeAttribute(src)}" width="${options.width ?? size.width}" height="${options.height ?? size.height}" ` +
    `title="${escapeAttribute(options.title)}" style="border:0;max-width:100%" loading="lazy" allow="autoplay; fullscreen; picture-in-picture"></iframe>`
  );
}

/** The script form: embed.js defines <reelmart-videos>, which sizes itself and frames the embed page. */
export function scriptSnippet(origin: string, target: EmbedTarget, layout: EmbedLayout = "carousel"): string {
  const attribute = target.kind === "v" ? "video" : target.kind;
  const layoutAttribute = target.kind === "v" ? "" : ` layout="${layout}"`;
  return `<script async src="${origin}/embed.js"></script>\n<${EMBED_ELEMENT} ${attribute}="${escapeAttribute(target.id)}"${layoutAttribute}></${EMBED_ELEMENT}>`;
}
