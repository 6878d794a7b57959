import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { escapeHtml } from "./page-head.ts";

// robots.txt and the sitemaps (docs/decisions/160-share-pages.md). /sitemap.xml is always an index
// of per-section sitemaps of at most 50,000 URLs each (the protocol's limit): active products,
// brands with an active product, and the ready videos of active products, each with its lastmod.
// Page URLs carry no marketplace (the shopper's marketplace is a preference, not part of the
// address), so one set of sitemaps serves every marketplace.

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_SECTIONS = ["products", "brands", "videos"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export interface SitemapUrl {
  path: string;
  lastmod: Date;
}

/** Routes a crawler has no business in: signed-in areas, the cart and checkout, auth, admin. */
const DISALLOWED = ["/admin", "/account", "/auth", "/cart", "/checkout", "/orders", "/profile", "/saved", "/api/auth/", "/api/me", "/api/admin/"];

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "Allow: /", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** A section's rows in id order (stable between requests, so the files page without gaps or repeats). */
function sectionQuery(db: Kysely<DB>, section: SitemapSection) {
  switch (section) {
    case "products":
      return db
        .selectFrom("products as p")
        .select(["p.id", "p.updated_at as lastmod"])
        .where("p.status", "=", "active")
        .orderBy("p.id");
    case "brands":
      return db
        .selectFrom("brands as b")
        .innerJoin("products as p", "p.brand_id", "b.id")
        .select(["b.id", sql<Date>`greatest(b.created_at, max(p.updated_at))`.as("lastmod")])
        .where("p.status", "=", "active")
        .groupBy("b.id")
        .orderBy("b.id");
    case "videos":
      return db
        .selectFrom("product_media as m")
        .innerJoin("products as p", "p.id", "m.product_id")
        .select(["m.id", sql<Date>`greatest(m.created_at, p.updated_at)`.as("lastmod")])
        .where("p.status", "=", "active")
        .where("m.type", "=", "video")
        .where("m.status", "=", "ready")
        .orderBy("m.id");
  }
}

const PATH_OF: Record<SitemapSection, (id: string) => string> = {
  products: (id) => `/product/${id}`,
  brands: (id) => `/brand-shop/${id}`,
  videos: (id) => `/v/${id}`,
};

/** How many sitemap files each section needs (at least one, so the index always names every section). */
export async function sitemapFiles(db: Kysely<DB>, urlsPerFile = SITEMAP_MAX_URLS): Promise<{ section: SitemapSection; page: number }[]> {
  const files: { section: SitemapSection; page: number }[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const { count } = await db
      .selectFrom(sectionQuery(db, section).as("s"))
      .select(sql<number>`count(*)::int`.as("count"))
      .executeTakeFirstOrThrow();
    const pages = Math.max(1, Math.ceil(count / urlsPerFile));
    for (let page = 1; page <= pages; page++) files.push({ section, page });
  }
  return files;
}

/** One sitemap file's URLs. */
export async function sitemapUrls(db: Kysely<DB>, section: SitemapSection, page: number, urlsPerFile = SITEMAP_MAX_URLS): Promise<SitemapUrl[]> {
  const rows = await sectionQuery(db, section)
    .offset((page - 1) * urlsPerFile)
    .limit(urlsPerFile)
    .execute();
  return rows.map((row) => ({ path: PATH_OF[section](row.id), lastmod: new Date(row.lastmod) }));
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export const sitemapFileName = (file: { section: SitemapSection; page: number }) => `${file.section}-${file.page}.xml`;

export function sitemapIndexXml(origin: string, files: { section: SitemapSection; page: number }[]): string {
  const entries = files.map((file) => `  <sitemap><loc>${escapeHtml(`${origin}/sitemaps/${sitemapFileName(file)}`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(`${origin}${url.path}`)}</loc><lastmod>${url.lastmod.toISOString()}</lastmod></url>`);
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries.join("\n")}\n</urlset>\n`;
}

/** "products-2.xml" → its section and page, or null. */
export function parseSitemapFileName(name: string): { section: SitemapSection; page: number } | null {
  const match = /^(products|brands|videos)-([1-9]\d{0,6})\.xml$/.exec(name);
  return match ? { section: match[1] as SitemapSection, page: Number(match[2]) } : null;
}
