import type { Page, ProductDetail, ProductSummary } from "@reelmart/core/api/catalog";
import { type Kysely, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { DB } from "../../db/schema.ts";
import type { CatalogueCache, CatalogueEntry } from "../../read-model/catalogue-cache.ts";
import type { LiveCards } from "../../read-model/live-cards.ts";
import type { ProductAnswers } from "../../read-model/product-answers.ts";
import { type Keyset, afterKeyset, nextCursor } from "./catalog.cursor.ts";
import { toProductDetail, toProductSummary } from "./catalog.mappers.ts";
import { activeProducts, listingIdsOf } from "./catalog.scope.ts";
import { COUNTER_COLUMNS, mediaByProduct, withCounters, withMedia } from "./product-media.service.ts";

// Public product reads. Only active products are visible; every list is O(page): one query for the
// page, then one for its media and one for their renditions, whatever the page size.

export interface ProductListInput {
  marketplaceId?: string;
  category?: string;
  brandId?: string;
  after?: Keyset;
  limit: number;
}

/** Active products, newest first, one keyset page (one extra row tells whether another page exists). */
export async function listProducts(db: Kysely<DB>, input: ProductListInput): Promise<Page<ProductSummary>> {
  let query = activeProducts(db, input.marketplaceId);
  if (input.category !== undefined) query = query.where("p.category", "=", input.category);
  if (input.brandId) query = query.where("p.brand_id", "=", input.brandId);
  if (input.after) query = query.where(afterKeyset("p", input.after));
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

/** Where catalogue reads come from: the database, and the catalogue cache when the server keeps one (AppDeps). */
export interface CatalogueSource {
  db: Kysely<DB>;
  cache?: CatalogueCache;
  /** Summaries held with live counters (decision 142); used only with `cache`, whose drops they follow. */
  cards?: LiveCards;
  /** Product pages held as bytes for the fast lane (decision 107); getProduct offers what it computes. */
  answers?: ProductAnswers;
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
      listingIdsOf("p.id").as("listed_in"),
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
async function catalogueEntries(
  { db, cache }: CatalogueSource,
  ids: string[],
): Promise<{ entries: Map<string, CatalogueEntry>; cached: Set<string> }> {
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
export async function getProduct(source: CatalogueSource, id: string, marketplaceId?: string): Promise<ProductDetail | null> {
  const { db } = source;
  const mark = source.answers?.mark;
  const { entries, cached } = await catalogueEntries(source, [id]);
  const key = id.toLowerCase();
  const entry = entries.get(key);
  if (!entry || (marketplaceId !== undefined && !entry.listedIn.has(marketplaceId.toLowerCase()))) return null;
  let media = entry.media;
  if (cached.has(key) && media.length) {
    media = withCounters(media, await db.selectFrom("product_media").select(COUNTER_COLUMNS).where("product_id", "=", entry.row.id).execute());
  }
  const detail = toProductDetail(entry.row, media, entry.parts);
  // The same for every viewer and marketplace filter that finds it, so any request may fill it.
  if (mark) source.answers!.offer(detail, mark);
  return detail;
}

/**
 * One active product's catalogue part as it is held (counters as old as the entry), or null: what a
 * server-rendered page head needs, at no query on a warm server.
 */
export async function getCatalogueEntry(source: CatalogueSource, id: string): Promise<CatalogueEntry | null> {
  const { entries } = await catalogueEntries(source, [id]);
  return entries.get(id.toLowerCase()) ?? null;
}

/**
 * The active products among `ids` as list items, in the order asked for (getProductsByIds' answer).
 * Held cards answer with no query (decision 142: counters kept live, dropped per product with the
 * catalogue cache); the rest come from the catalogue cache with their counters read fresh in one
 * query (decision 030's rule for cached entries), or in one batch of three queries that also fills
 * it, and are then held.
 */
export async function getProductSummaries(source: CatalogueSource, ids: string[]): Promise<ProductSummary[]> {
  if (!ids.length) return [];
  const { cache } = source;
  const cards = cache && source.cards;
  const keys = [...new Set(ids.map((id) => id.toLowerCase()))];
  const summaries = new Map<string, ProductSummary>();
  const missing: string[] = [];
  for (const key of keys) {
    const card = cards?.get(key);
    if (card) summaries.set(key, card);
    else missing.push(key);
  }
  if (missing.length) {
    const generation = cache?.currentGeneration ?? 0;
    const mark = cards?.counterMark ?? 0;
    const { entries, cached } = await catalogueEntries(source, missing);
    const counters = cached.size
      ? await source.db
          .selectFrom("product_media")
          .select(COUNTER_COLUMNS)
          .where("product_id", "in", [...cached])
          .execute()
      : [];
    for (const [key, entry] of entries) {
      const summary = toProductSummary(entry.row, cached.has(key) ? withCounters(entry.media, counters) : entry.media);
      summaries.set(key, summary);
      // Its own media objects: the held card's counters move in place, the catalogue entry's must not.
      if (cards && cache.accepts(key, generation)) cards.store({ ...summary, media: summary.media.map((media) => ({ ...media })) }, mark);
    }
  }
  return keys.map((key) => summaries.get(key)).filter((summary) => summary !== undefined);
}

/** Products per prefill query: big enough to amortise the round trips, small enough that requests interleave on PGlite's one connection. */
const PREFILL_BATCH = 200;

/**
 * A periodic task that keeps the catalogue cache filled (decision 103): once at start (and after a
 * drop of everything), the newest active products up to its bound; after that only what writes
 * dropped, so a write (an order's stock change included) costs O(changed) rows, not the bound.
 * Batches interleave with requests on PGlite's one connection; a full fill gives up when everything
 * is dropped meanwhile (the next tick starts over), and an id dropped again during its read is
 * refused by the cache and read on the next tick. Without it every product's first read after a
 * start or a write pays the three queries of a miss, and under load those misses queue behind each
 * other on PGlite (product pages and the product-shell bench, docs/decisions/160-share-pages.md).
 * With `answers`, every product it reads is also held as its page's bytes (decision 107).
 */
export function catalogueCachePrefill(db: Kysely<DB>, cache: CatalogueCache, answers?: ProductAnswers): () => Promise<void> {
  let filledAllAt = -1;
  const load = async (ids: string[], generation: number) => {
    const mark = answers?.mark;
    for (const entry of await loadCatalogueEntries(db, ids)) {
      cache.store(entry, generation);
      // Read with its counters, so it is the page getProduct would answer: held for the fast lane
      // (decision 107) at no query of its own.
      if (mark) answers!.offer(toProductDetail(entry.row, entry.media, entry.parts), mark);
    }
  };
  return async () => {
    if (cache.lastDropOfAll > filledAllAt) {
      const generation = cache.currentGeneration;
      cache.takeDropped();
      const rows = await db
        .selectFrom("products")
        .select("id")
        .where("status", "=", "active")
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(cache.capacity)
        .execute();
      for (let start = 0; start < rows.length; start += PREFILL_BATCH) {
        if (cache.lastDropOfAll > generation) return;
        await load(rows.slice(start, start + PREFILL_BATCH).map((row) => row.id), generation);
      }
      filledAllAt = generation;
    }
    const dropped = cache.takeDropped();
    for (let start = 0; start < dropped.length; start += PREFILL_BATCH) {
      await load(dropped.slice(start, start + PREFILL_BATCH), cache.currentGeneration);
    }
  };
}
