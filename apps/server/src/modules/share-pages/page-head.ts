import type { FeedPage } from "@reelmart/core/api/feed";
import { FIRST_FEED_PAGE_ELEMENT_ID } from "@reelmart/core/feed-order";
import { type Piece, SharedBytes } from "../../http/body-pieces.ts";

// The <head> of a server-rendered share page (docs/decisions/160-share-pages.md): everything in it
// comes from the catalogue, whose titles and descriptions are admin input, so every value is
// escaped for where it lands: attribute values and text as HTML, JSON-LD as JSON that cannot close
// its <script> element.

/** What one page says about itself to link previews and crawlers. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; absent on a not-found answer. */
  canonical?: string;
  /** Open Graph (og:*, product:*) properties, in order; a property may repeat (og:image). */
  openGraph: [property: string, content: string][];
  twitter: [name: string, content: string][];
  jsonLd: object[];
  /** Extra <link>s (the oEmbed discovery link). */
  links?: { rel: string; type: string; href: string }[];
  /** "noindex" on not-found answers. */
  robots?: string;
  /**
   * The picture the page's first screen shows (its LCP element): preloaded with the document
   * (decision 094) and painted from the HTML where the app will show it (decision 162).
   */
  firstPicture?: FirstPicture | null;
  /** The home page's first feed page and the poster of the card it opens on (decision 183). */
  firstFeed?: FirstFeed | null;
}

/**
 * The feed's first page for a first visit, written into the home page so that the first card's
 * poster paints from the HTML and the app's feed adopts the page instead of asking for it
 * (web: features/feed/api/first-page-prefetch.ts reads it). `poster` is the card's the app opens on
 * (core's firstCardPoster for the page's seed), painted in index.html's #boot-poster box.
 */
export interface FirstFeed {
  /** The marketplace the page is for (the visit's cookie), null for all. */
  marketplaceId: string | null;
  page: FeedPage;
  poster: string | null;
}

/**
 * A product page's first picture and the box the app shows it in, below its 56 px page header at
 * the column's full width: the profile's 3:1 cover (ProductHeader) or the landing page's square
 * gallery image (ProductLandingPage).
 */
export interface FirstPicture {
  url: string;
  shape: "cover" | "square";
}

/**
 * The static copy of the first picture (decision 162), in the app's box for it: the phone-width
 * column (480 px, 478 px inside the column's 1 px border from 768 px, as RootLayout), 56 px down
 * (PageHeader's h-14), 3:1 or square, object-fit cover on the pictures' neutral-800. Fixed above the
 * app and below the splash (z-index 100), like the feed's boot poster (decision 094); the page removes
 * it once its own picture has loaded (web: shared/product/boot-picture.ts). e2e/product-first-paint
 * checks at phone and laptop sizes that the two boxes are the same.
 */
const FIRST_PICTURE_STYLE = `<style>
      #boot-picture { position: fixed; top: 56px; left: 0; right: 0; z-index: 99; width: 100%; max-width: 480px; margin: 0 auto; object-fit: cover; background: #262626; pointer-events: none; }
      #boot-picture.cover { aspect-ratio: 3 / 1; }
      #boot-picture.square { aspect-ratio: 1 / 1; }
      @media (min-width: 768px) { #boot-picture { max-width: 478px; } }
    </style>`;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text and attribute values: nothing in it can open a tag or leave a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * JSON for a <script type="application/ld+json"> block: "<" is written as \u003c so no value can
 * close the element ("</script>") or open a comment, and the line separators JSON allows but
 * older JavaScript parsers do not are escaped too. The JSON value is unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function renderHead(head: PageHead): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}" />`];
  if (head.robots) lines.push(`<meta name="robots" content="${escapeHtml(head.robots)}" />`);
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.firstPicture) lines.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.firstPicture.url)}" />`, FIRST_PICTURE_STYLE);
  if (head.firstFeed?.poster) lines.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.firstFeed.poster)}" />`);
  for (const link of head.links ?? []) lines.push(`<link rel="${escapeHtml(link.rel)}" type="${escapeHtml(link.type)}" href="${escapeHtml(link.href)}" />`);
  for (const [property, content] of head.openGraph) lines.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`);
  for (const [name, content] of head.twitter) lines.push(`<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`);
  for (const data of head.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return lines.join("\n    ");
}

/** The first picture's static copy: decorative (the app's own picture is what assistive technology reads) and inert. */
function renderFirstPicture(picture: FirstPicture): string {
  return `\n    <img id="boot-picture" class="${picture.shape}" src="${escapeHtml(picture.url)}" alt="" aria-hidden="true" fetchpriority="high" />`;
}

/**
 * The home page's first feed page as data (not run: the CSP allows no inline script) and its first
 * card's poster in the boot layer, decorative and inert like the first picture.
 */
function renderFirstFeed({ marketplaceId, page, poster }: FirstFeed): string {
  const image = poster ? `\n    <img id="boot-poster" src="${escapeHtml(poster)}" alt="" aria-hidden="true" fetchpriority="high" />` : "";
  return `${image}\n    <script type="application/json" id="${FIRST_FEED_PAGE_ELEMENT_ID}" data-marketplace-id="${escapeHtml(marketplaceId ?? "")}">${jsonForScript(page)}</script>`;
}

/**
 * The built index.html cut around its <title> (its static description is dropped) and after its
 * <body> tag: a page is the pieces around its own head tags and, on product pages, the first
 * picture's static copy, so the scripts, styles, splash and root are byte for byte the ones every
 * other URL gets. The shell's pieces are shared bytes, held once for every page (decision 181).
 */
export class ShellTemplate {
  private readonly beforeHead: SharedBytes;
  private readonly headToBody: SharedBytes;
  private readonly afterBody: SharedBytes;

  constructor(readonly indexHtml: string) {
    const html = indexHtml.replace(/\s*<meta name="description"[^>]*>/i, "");
    const title = /<title>[^<]*<\/title>/i.exec(html);
    const at = title ? title.index : html.search(/<\/head>/i);
    const rest = html.slice(title ? at + title[0].length : at);
    const body = /<body[^>]*>/i.exec(rest);
    const bodyEnd = body ? body.index + body[0].length : rest.length;
    const shared = (text: string) => new SharedBytes(Buffer.from(text));
    this.beforeHead = shared(html.slice(0, at));
    this.headToBody = shared(rest.slice(0, bodyEnd));
    this.afterBody = shared(rest.slice(bodyEnd));
  }

  /** The page with `head`, in pieces: the shell's shared ones around the page's own head and first picture. */
  pieces(head: PageHead): Piece[] {
    const pieces: Piece[] = [this.beforeHead, Buffer.from(renderHead(head)), this.headToBody];
    if (head.firstPicture) pieces.push(Buffer.from(renderFirstPicture(head.firstPicture)));
    if (head.firstFeed) pieces.push(Buffer.from(renderFirstFeed(head.firstFeed)));
    pieces.push(this.afterBody);
    return pieces;
  }
}
