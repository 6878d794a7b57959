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
   * The picture the page's first screen shows (its LCP element), preloaded with the document so it
   * does not wait for the app's entry, its data request and its render (decision 094).
   */
  preloadImage?: string | null;
}

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
  if (head.preloadImage) lines.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.preloadImage)}" />`);
  for (const link of head.links ?? []) lines.push(`<link rel="${escapeHtml(link.rel)}" type="${escapeHtml(link.type)}" href="${escapeHtml(link.href)}" />`);
  for (const [property, content] of head.openGraph) lines.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}" />`);
  for (const [name, content] of head.twitter) lines.push(`<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`);
  for (const data of head.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return lines.join("\n    ");
}

/**
 * The built index.html cut once around its <title> (its static description is dropped): a page is
 * the two halves around its own head tags, so the scripts, styles and splash are byte for byte the
 * ones every other URL gets.
 */
export class ShellTemplate {
  private readonly before: string;
  private readonly after: string;

  constructor(readonly indexHtml: string) {
    const html = indexHtml.replace(/\s*<meta name="description"[^>]*>/i, "");
    const title = /<title>[^<]*<\/title>/i.exec(html);
    const at = title ? title.index : html.search(/<\/head>/i);
    this.before = html.slice(0, at);
    this.after = html.slice(title ? at + title[0].length : at);
  }

  render(head: PageHead): string {
    return this.before + renderHead(head) + this.after;
  }
}
