import type { Media } from "@reelmart/core/api/catalog";
import type { EmbedLayout } from "@reelmart/core/embed";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { unitPricePaise } from "@reelmart/core/pricing";
import { chooseQualityLevel, qualityLevel } from "@reelmart/core/quality";
import type { EmbedContent } from "./embed.service.ts";

// The embed page: plain server-rendered HTML plus one small script (/embed-frame.js) that plays the
// video in view. No React app, no font, no request to any other origin, nothing that needs a cookie:
// a brand's visitors load a few kilobytes and their browser tells nobody else (decision 165).
// Links are relative: inside the frame they resolve against the store's origin, not the host page's.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The rendition the feed would play on an unknown network (480p or the best below), else the source. */
function videoSource(media: Media): string {
  const level = chooseQualityLevel(media.renditions.map(qualityLevel), "auto", undefined);
  return media.renditions.find((rendition) => qualityLevel(rendition) === level)?.url ?? media.url;
}

// Inline styles are allowed by the policy (style-src 'unsafe-inline'); scripts are not, so the
// behaviour lives in /embed-frame.js.
const STYLE = `
*{box-sizing:border-box}html,body{margin:0;height:100%;background:#0b0b0f;color:#fff;font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.list{display:flex;gap:12px;height:100%;padding:8px;overflow:auto;scroll-snap-type:x mandatory;overscroll-behavior:contain}
.feed .list{flex-direction:column;padding:0;gap:0;scroll-snap-type:y mandatory}
.item{position:relative;flex:0 0 auto;height:100%;aspect-ratio:9/16;max-width:100%;scroll-snap-align:center;border-radius:12px;overflow:hidden;background:#000}
.feed .item{width:100%;aspect-ratio:auto;border-radius:0}
video{width:100%;height:100%;object-fit:cover;display:block}
.card{position:absolute;left:8px;right:8px;bottom:8px;display:flex;gap:8px;align-items:center;padding:8px;border-radius:10px;background:rgba(255,255,255,.94);color:#111;text-decoration:none}
.card img{width:40px;height:40px;border-radius:6px;object-fit:cover;flex:none;background:#eee}
.card b{display:block;font-size:13px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.card span{font-size:13px}.card s{color:#777;margin-left:4px}
.card em{margin-left:auto;flex:none;font-style:normal;font-weight:600;background:#111;color:#fff;border-radius:999px;padding:6px 10px;font-size:12px}
.meta{min-width:0}
.sound{position:absolute;top:8px;right:8px;border:0;border-radius:999px;padding:6px 10px;background:rgba(0,0,0,.55);color:#fff;font:inherit;font-size:12px;cursor:pointer}
.empty{display:grid;place-items:center;height:100%;color:#bbb;text-align:center;padding:16px}
a:focus-visible,button:focus-visible{outline:2px solid #4f8cff;outline-offset:2px}
`;

function card(item: EmbedContent["videos"][number]): string {
  const { product, media } = item;
  const url = `/product-profile/${product.id}?media=${media.id}`;
  const paid = formatPrice(fromPaise(unitPricePaise(product.price, product.discountPercentage)));
  const list = product.discountPercentage > 0 ? `<s>${escapeHtml(formatPrice(product.price))}</s>` : "";
  const image = product.thumbnailUrl ?? media.thumbnailUrl;
  return (
    `<a class="card" href="${escapeHtml(url)}" target="_blank" rel="noopener">` +
    (image ? `<img src="${escapeHtml(image)}" alt="" loading="lazy">` : "") +
    `<span class="meta"><b>${escapeHtml(product.title)}</b><span>${escapeHtml(paid)}${list}</span></span><em>Shop now</em></a>`
  );
}

function videoItem(item: EmbedContent["videos"][number]): string {
  const { media, product } = item;
  const label = media.title ?? product.title;
  // muted + playsinline: browsers let a muted inline video play without a gesture; embed-frame.js
  // decides whether it plays at all (not under prefers-reduced-motion) and which one does.
  return (
    `<article class="item" aria-label="${escapeHtml(label)}">` +
    `<video src="${escapeHtml(videoSource(media))}"${media.thumbnailUrl ? ` poster="${escapeHtml(media.thumbnailUrl)}"` : ""} muted playsinline loop preload="metadata" aria-label="${escapeHtml(label)}"></video>` +
    `<button type="button" class="sound" aria-pressed="false">Sound on</button>` +
    card(item) +
    `</article>`
  );
}

/** The whole embed page for `content`. */
export function renderEmbedPage(content: EmbedContent, layout: EmbedLayout): string {
  const body = content.videos.length
    ? `<main class="list" aria-label="${escapeHtml(content.title)} videos">${content.videos.map((item) => videoItem(item)).join("")}</main>`
    : `<main class="empty"><p>No videos yet. <a href="/" target="_blank" rel="noopener">Visit the store</a></p></main>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(content.title)} · Reelmart</title><style>${STYLE}</style>` +
    `<script src="/embed-frame.js" defer></script></head><body class="${layout}">${body}</body></html>`
  );
}

/** The page for an id that names nothing the store shows. */
export function renderEmbedNotFound(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found · Reelmart</title><style>${STYLE}</style></head><body><main class="empty"><p>This video is no longer available.</p></main></body></html>`;
}
