import type { Brand, Category, Marketplace, Media, MediaRendition, Page, ProductDetail, ProductSummary } from "@reelmart/core/api/catalog";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { DB } from "../../db/schema.ts";
import { type CatalogueEntry, catalogueCache } from "./catalog.cache.ts";
import { type Keyset, encodeCursor } from "./catalog.cursor.ts";
import { type BrandRow, type ProductRow, toBrand, toMarketplace, toMedia, toProductDetail, toProductSummary } from "./catalog.mappers.ts";

// Public catalogue reads. Only active products are visible; every list is O(page): one query for
// the page, then one for its media and one for their renditions, whatever the page size.

type ProductScope = ExpressionBuilder<DB & { p: DB["products"] }, "p">;

export interface ProductListInput {
  marketplaceId?: string;
  category?: string;
  brandId?: string;
  after?: Keyset;
  limit: number;
}

export interface BrandListInput {
  q?: string;
  after?: Keyset;
  limit: number;
}

export interface SearchInput {
  q: string;
  limit: number;
  marketplaceId?: string;
}

/** A row's keyset timestamp in exact microseconds (extract is numeric, not float, since PostgreSQL 14). */
function keysetMicros(column: "p.created_at" | "b.created_at") {
  return sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`.as("keyset_at");
}

/** Rows strictly after `after` in (created_at desc, id desc) order, comparing at full precision. */
function before(table: "p" | "b", after: Keyset) {
  return sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (timestamptz 'epoch' + cast(${after.createdAtMicros} as bigint) * interval '1 microsecond', cast(${after.id} as uuid))`;
}

/** ILIKE pattern for a literal substring: the user's % and _ match themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function listedIn(marketplaceId: string) {
  return (eb: ProductScope) =>
    eb.exists(
      eb
        .selectFrom("marketplace_listings as ml")
        .select(sql.lit(1).as("one"))
        .whereRef("ml.product_id", "=", "p.id")
        .where("ml.marketplace_id", "=", marketplaceId)
        .where("ml.is_active", "=", true),
    );
}

/**
 * Active products with their brand, in the row shape the mappers take; other modules (feed,
 * discovery) build their own order and filters on it so every product reads the same way.
 */
export function activeProducts(db: Kysely<DB>, marketplaceId?: string) {
  const query = db
    .selectFrom("products as p")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "p.title",
      "p.description",
      "p.price",
      "p.discount_percentage",
      "p.category",
      "p.stock",
      "p.status",
      "p.brand_id",
      "p.thumbnail_url",
      "p.rating_sum",
      "p.review_count",
      "p.created_at",
      "b.name as brand_name",
      "b.logo_url as brand_logo_url",
      "b.featured as brand_featured",
      keysetMicros("p.created_at"),
    ])
    .where("p.status", "=", "active");
  return marketplaceId ? query.where(listedIn(marketplaceId)) : query;
}

/**
 * Which media a public read shows. A video row exists before its encode finishes and holds a
 * stand-in card image as its url until then (for good when the encode failed), so a shopper sees
 * images and ready videos only; the feed shows the ready videos alone.
 */
export type MediaScope = "usable" | "ready-videos";

/** Media of many products, by product, each list by display order with renditions by height. */
async function mediaByProduct(db: Kysely<DB>, productIds: string[], scope: MediaScope): Promise<Map<string, Media[]>> {
  const byProduct = new Map<string, Media[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .selectFrom("product_media")
    .select([
      "id",
      "product_id",
      "url",
      "type",
      "category",
      "title",
      "duration",
      "is_main",
      "is_cover",
      "display_order",
      "thumbnail_url",
      "like_count",
      "comment_count",
      "view_count",
      "share_count",
      "status",
    ])
    .where("product_id", "in", productIds)
    .where((eb) =>
      scope === "ready-videos"
        ? eb.and([eb("type", "=", "video"), eb("status", "=", "ready")])
        : eb.or([eb("type", "=", "image"), eb("status", "=", "ready")]),
    )
    .orderBy("product_id")
    .orderBy("display_order")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const renditions = new Map<string, MediaRendition[]>();
  const videoIds = rows.filter((row) => row.type === "video").map((row) => row.id);
  if (videoIds.length) {
    const renditionRows = await db
      .selectFrom("media_renditions")
      .select(["media_id", "height", "width", "url"])
      .where("media_id", "in", videoIds)
      .orderBy("media_id")
      .orderBy("height")
      .execute();
    for (const { media_id, ...rendition } of renditionRows) {
      const list = renditions.get(media_id) ?? [];
      list.push(rendition);
      renditions.set(media_id, list);
    }
  }
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(toMedia(row, renditions.get(row.id) ?? []));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** The rows as product summaries, each with its media (two more queries, whatever the page size). */
export async function withMedia(db: Kysely<DB>, rows: ProductRow[], scope: MediaScope = "usable"): Promise<ProductSummary[]> {
  const media = await mediaByProduct(db, rows.map((row) => row.id), scope);
  return rows.map((row) => toProductSummary(row, media.get(row.id) ?? []));
}

function nextCursor<T extends { id: string; keyset_at: string }>(rows: T[], limit: number): string | null {
  const last = rows[limit - 1];
  return rows.length > limit && last ? encodeCursor({ createdAtMicros: last.keyset_at, id: last.id }) : null;
}

/** Active products, newest first, one keyset page (one extra row tells whether another page exists). */
export async function listProducts(db: Kysely<DB>, input: ProductListInput): Promise<Page<ProductSummary>> {
  let query = activeProducts(db, input.marketplaceId);
  if (input.category !== undefined) query = query.where("p.category", "=", input.category);
  if (input.brandId) query = query.where("p.brand_id", "=", input.brandId);
  if (input.after) query = query.where(before("p", input.after));
  const rows = await query.orderBy("p.created_at", "desc").orderBy("p.id", "desc").limit(input.limit + 1).execute();
  return { items: await withMedia(db, rows.slice(0, input.limit)), nextCursor: nextCursor(rows, input.limit) };
}

/** Active products among `ids`, in the order asked for; unknown or inactive ids are left out. */
export async function getProductsByIds(db: Kysely<DB>, ids: string[]): Promise<ProductSummary[]> {
  if (!ids.length) return [];
  const rows = await activeProducts(db).where("p.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id.toLowerCase(), row]));
  const ordered = ids.map((id) => byId.get(id.toLowerCase())).filter((row) => row !== undefined);
  return withMedia(db, [...new Set(ordered)]);
}

/** A medium's engagement counters as stored, for overlaying on cached media. */
interface MediaCountersRow {
  id: string;
  like_count: number;
  comment_count: number;
  view_count: number;
  share_count: number;
}

const COUNTER_COLUMNS = ["id", "like_count", "comment_count", "view_count", "share_count"] as const;

/** `media` with the counters in `rows` (media without a row keep theirs). */
function withCounters(media: Media[], rows: Iterable<MediaCountersRow>): Media[] {
  const byId = new Map<string, MediaCountersRow>();
  for (const row of rows) byId.set(row.id, row);
  return media.map((item) => {
    const counters = byId.get(item.id);
    return counters
      ? { ...item, likeCount: counters.like_count, commentCount: counters.comment_count, viewCount: counters.view_count, shareCount: counters.share_count }
      : item;
  });
}

/**
 * The catalogue part of the active products among `ids`, with everything their pages show: one
 * query for the products with their small lists as JSON, one for media, one for renditions,
 * whatever the number of ids. PGlite serialises queries, so three round trips for a whole batch
 * beat per-list queries; the per-row JSON subqueries are plain indexed lookups.
 */
async function loadCatalogueEntries(db: Kysely<DB>, ids: string[]): Promise<CatalogueEntry[]> {
  const rows = await activeProducts(db)
    .select((eb) => [
      "p.specifications",
      jsonArrayFrom(
        eb.selectFrom("product_highlights as h").select(["h.id", "h.text", "h.display_order"]).whereRef("h.product_id", "=", "p.id").orderBy("h.display_order").orderBy("h.id"),
      ).as("highlights"),
      jsonArrayFrom(
        eb
          .selectFrom("product_promotions as pr")
          // JSON carries timestamps as text; the mapper turns them into ISO strings.
          .select(["pr.id", "pr.has_promotion", "pr.label", sql<string | null>`pr.promo_end_date`.as("promo_end_date")])
          .whereRef("pr.product_id", "=", "p.id")
          .orderBy("pr.created_at")
          .orderBy("pr.id"),
      ).as("promotions"),
      jsonArrayFrom(
        eb
          .selectFrom("product_variants as v")
          // numeric as text keeps "50.00" (JSON would make it the number 50).
          .select(["v.id", "v.size", "v.color", "v.color_hex", "v.stock", sql<string>`v.price_adjustment::text`.as("price_adjustment"), "v.image_url"])
          .whereRef("v.product_id", "=", "p.id")
          .orderBy("v.id"),
      ).as("variants"),
      jsonArrayFrom(
        eb
          .selectFrom("marketplace_listings as ml")
          .innerJoin("marketplaces as m", "m.id", "ml.marketplace_id")
          .select(["m.id", "m.name", "m.flag_url"])
          .whereRef("ml.product_id", "=", "p.id")
          .where("ml.is_active", "=", true)
          .where("m.is_active", "=", true)
          .orderBy("m.display_order")
          .orderBy("m.name"),
      ).as("marketplaces"),
      sql<string[]>`(select coalesce(json_agg(ml.marketplace_id), '[]'::json) from marketplace_listings ml where ml.product_id = p.id and ml.is_active)`.as("listed_in"),
    ])
    .where("p.id", "in", ids)
    .execute();
  const media = await mediaByProduct(db, rows.map((row) => row.id), "usable");
  return rows.map(({ specifications, highlights, promotions, variants, marketplaces, listed_in, ...row }) => ({
    row,
    parts: { specifications, highlights, promotions, variants, marketplaces },
    media: media.get(row.id) ?? [],
    listedIn: new Set(listed_in.map((id) => id.toLowerCase())),
  }));
}

/**
 * The catalogue part of the active products among `ids`, by lower-case id: from the catalogue
 * cache when it is on (decision 030), the rest in one batch. `cached` tells which came from memory:
 * their counters are as old as the entry, so the caller overlays fresh ones (withCounters).
 */
async function catalogueEntries(db: Kysely<DB>, ids: string[]): Promise<{ entries: Map<string, CatalogueEntry>; cached: Set<string> }> {
  const cache = catalogueCache(db);
  const entries = new Map<string, CatalogueEntry>();
  const cached = new Set<string>();
  const missing: string[] = [];
  for (const id of new Set(ids.map((value) => value.toLowerCase()))) {
    const entry = cache?.get(id);
    if (entry) {
      entries.set(id, entry);
      cached.add(id);
    } else missing.push(id);
  }
  if (missing.length) {
    const generation = cache?.currentGeneration ?? 0;
    for (const entry of await loadCatalogueEntries(db, missing)) {
      entries.set(entry.row.id.toLowerCase(), entry);
      cache?.store(entry, generation);
    }
  }
  return { entries, cached };
}

/**
 * One active product with everything its pages show; null when unknown, inactive or not listed in
 * `marketplaceId`. On the hot path (DESIGN.md budgets), so a warm server reads only its counters:
 * one indexed query; a miss costs the three of loadCatalogueEntries.
 */
export async function getProduct(db: Kysely<DB>, id: string, marketplaceId?: string): Promise<ProductDetail | null> {
  const { entries, cached } = await catalogueEntries(db, [id]);
  const key = id.toLowerCase();
  const entry = entries.get(key);
  if (!entry || (marketplaceId !== undefined && !entry.listedIn.has(marketplaceId.toLowerCase()))) return null;
  let media = entry.media;
  if (cached.has(key) && media.length) {
    media = withCounters(media, await db.selectFrom("product_media").select(COUNTER_COLUMNS).where("product_id", "=", entry.row.id).execute());
  }
  return toProductDetail(entry.row, media, entry.parts);
}

function brandsWithCounts(db: Kysely<DB>) {
  return db
    .selectFrom("brands as b")
    .select([
      "b.id",
      "b.name",
      "b.description",
      "b.logo_url",
      "b.cover_image_url",
      "b.website_url",
      "b.featured",
      "b.created_at",
      keysetMicros("b.created_at"),
      (eb) =>
        eb
          .selectFrom("products as p")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("p.brand_id", "=", "b.id")
          .where("p.status", "=", "active")
          .as("product_count"),
    ]);
}

function toBrandWithCount(row: Omit<BrandRow, "product_count"> & { product_count: number | null }): Brand {
  return toBrand({ ...row, product_count: row.product_count ?? 0 });
}

/** Brands, newest first, optionally those whose name contains `q`. */
export async function listBrands(db: Kysely<DB>, input: BrandListInput): Promise<Page<Brand>> {
  let query = brandsWithCounts(db);
  const term = input.q?.trim();
  if (term) query = query.where("b.name", "ilike", containsPattern(term));
  if (input.after) query = query.where(before("b", input.after));
  const rows = await query.orderBy("b.created_at", "desc").orderBy("b.id", "desc").limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit).map(toBrandWithCount), nextCursor: nextCursor(rows, input.limit) };
}

export async function getBrand(db: Kysely<DB>, id: string): Promise<Brand | null> {
  const row = await brandsWithCounts(db).where("b.id", "=", id).executeTakeFirst();
  return row ? toBrandWithCount(row) : null;
}

export async function listCategories(db: Kysely<DB>): Promise<Category[]> {
  return db.selectFrom("categories").select("name").orderBy("name").execute();
}

export async function listMarketplaces(db: Kysely<DB>): Promise<Marketplace[]> {
  const rows = await db
    .selectFrom("marketplaces")
    .select(["id", "name", "tagline", "flag_url", "display_order"])
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("name")
    .execute();
  return rows.map(toMarketplace);
}

/**
 * Typo tolerance (issue: 'hedphones' finds headphones): pg_trgm word_similarity of the term to the
 * best-matching stretch of the title. 0.6 is pg_trgm's own default for `<%` and keeps one or two
 * wrong letters in a word ('hedphones' scores 0.8 against 'Headphones') without matching unrelated
 * words; it is pinned here so a server-wide pg_trgm setting cannot loosen it.
 */
const TYPO_MIN_WORD_SIMILARITY = 0.6;
/** Below three letters or digits a term has too few trigrams to tell a typo from another word. */
const TYPO_MIN_ALPHANUMERICS = 3;

/**
 * Whether a term may also match by trigrams. Trigrams skip symbols, so a term holding % or _ (which
 * the spec says match themselves) would match titles without them: such terms match literally only.
 */
function typoTolerant(term: string): boolean {
  return !/[%_]/.test(term) && (term.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= TYPO_MIN_ALPHANUMERICS;
}

/**
 * Spec 001 §5, server search: substring match on title, description and category; blank terms
 * skip the query. Title matches rank first, an exact title first of all, then newest. Titles
 * within a typo of the term follow all substring matches, closest first, so they only fill
 * the places substring matches leave under the limit. One query: on embedded PGlite every round
 * trip is serialized, and the trigram GIN indexes serve both the ILIKEs and `<%`.
 */
export async function searchProducts(db: Kysely<DB>, input: SearchInput): Promise<ProductSummary[]> {
  const term = input.q.trim();
  if (!term) return [];
  const pattern = containsPattern(term);
  const substring = sql<boolean>`(p.title ilike ${pattern} or p.description ilike ${pattern} or p.category ilike ${pattern})`;
  const fuzzy = typoTolerant(term);
  let query = activeProducts(db, input.marketplaceId)
    .where(fuzzy ? sql<boolean>`(${substring} or (${term} <% p.title and word_similarity(${term}, p.title) >= ${TYPO_MIN_WORD_SIMILARITY}))` : substring)
    .orderBy(substring, "desc")
    .orderBy(sql`lower(p.title) = lower(${term})`, "desc")
    .orderBy(sql`p.title ilike ${pattern}`, "desc");
  if (fuzzy) query = query.orderBy(sql`case when ${substring} then 1 else word_similarity(${term}, p.title) end`, "desc");
  const rows = await query.orderBy("p.created_at", "desc").orderBy("p.id", "desc").limit(input.limit).execute();
  return withMedia(db, rows);
}
