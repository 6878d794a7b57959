// Read-model store: the catalogue cache (docs/read-path.md).
// Holds:     each active product's row, detail parts, media and marketplace listings (up to 10,000).
// Filled by: getProduct/getProductSummaries on a miss, and catalogueCachePrefill
//            (modules/catalog/products.service.ts) after a drop, every second.
// Dropped:   per product on CATALOGUE_PRODUCTS_CHANNEL, from migration 0100's statement triggers on
//            products, variants, media, renditions, listings, brands, marketplaces, highlights,
//            promotions ('*' on a truncate); all on a missed notification. Its followers (product
//            answers, feed and search cards) drop with it.
// Equal SQL: read-model/catalogue-cache.test.ts; read-model/read-model.property.test.ts.

import type { Media } from "@reelmart/core/api/catalog";
import type { Database } from "../db/database.ts";
import type { ProductDetailParts, ProductRow } from "../modules/catalog/catalog.mappers.ts";

// Decision 030: the catalogue part of active products, kept in memory until the catalogue changes.
// Decision 103: invalidation is per product. Migration 0100's triggers name, on
// CATALOGUE_PRODUCTS_CHANNEL, the products each catalogue write touched (an order's stock change
// included), and every instance drops only those; '*' (a truncate) drops everything. What a write
// dropped is remembered for the prefill task, which reads back only that. Engagement counters change
// without a notification, so callers overlay fresh counters on every read; the ones stored here are
// only those read with the product. Nothing here depends on the viewer.

/** Trigger-fed channel (migration 0100): comma-separated product ids, or '*' for every product. */
export const CATALOGUE_PRODUCTS_CHANNEL = "catalogue_products";

/** One active product as the catalogue shows it. */
export interface CatalogueEntry {
  row: ProductRow;
  parts: ProductDetailParts;
  /** Images and ready videos, by display order (MediaScope "usable"). */
  media: Media[];
  /** Marketplaces with an active listing of it (the marketplaceId filter), whether or not the marketplace is. */
  listedIn: ReadonlySet<string>;
}

/** About 2–4 KB of heap per product: tens of MB at most, next to the public cache's 32 MB. */
const MAX_ENTRIES = 10_000;

export class CatalogueCache {
  // Map iteration order is insertion order: re-inserting on every hit makes it an LRU.
  private readonly entries = new Map<string, CatalogueEntry>();
  /** Moves on every invalidation: a read taken before it may be stale. */
  private generation = 0;
  /** The generation of each id's latest drop (a read of it taken earlier is refused). */
  private readonly droppedAt = new Map<string, number>();
  /** Reads taken before this generation are refused whatever their id. */
  private refusedBefore = 0;
  /** The generation of the latest drop of everything (at start: 0, so the prefill fills once). */
  private droppedAllAt = 0;
  /** Ids dropped since the prefill last took them. */
  private readonly toRefill = new Set<string>();
  /** What else follows these invalidations (search's cards, decision 142): told the ids dropped, or '*'. */
  private readonly followers: ((ids: readonly string[] | "*") => void)[] = [];

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /** Taken before reading the database: `store` refuses what was read across a write that touched it. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** When everything was last dropped (compare with a generation taken earlier). */
  get lastDropOfAll(): number {
    return this.droppedAllAt;
  }

  /** How many entries it holds at most. */
  get capacity(): number {
    return this.maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  get(id: string): CatalogueEntry | undefined {
    const key = id.toLowerCase();
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Whether what was read of `id` at `generation` is still current (no drop of it since). */
  accepts(id: string, generation: number): boolean {
    return generation >= this.refusedBefore && generation >= (this.droppedAt.get(id.toLowerCase()) ?? 0);
  }

  /** Calls `follower` with every drop from now on: lower-case ids, or '*' for everything. */
  follow(follower: (ids: readonly string[] | "*") => void): void {
    this.followers.push(follower);
  }

  store(entry: CatalogueEntry, generation: number): void {
    const key = entry.row.id.toLowerCase();
    if (!this.accepts(key, generation)) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** A write touched these products: forget them, and let the prefill read them again. */
  drop(ids: Iterable<string>): void {
    this.generation += 1;
    const keys: string[] = [];
    for (const id of ids) {
      const key = id.toLowerCase();
      keys.push(key);
      this.entries.delete(key);
      this.droppedAt.set(key, this.generation);
      this.toRefill.add(key);
    }
    for (const follower of this.followers) follower(keys);
    // Bounded bookkeeping: past the bound, refuse every read in flight instead of remembering ids.
    if (this.droppedAt.size > this.maxEntries) {
      this.droppedAt.clear();
      this.refusedBefore = this.generation;
    }
    if (this.toRefill.size > this.maxEntries) this.dropAll();
  }

  /** Everything may have changed (a truncate, or no notifications any more). */
  dropAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.droppedAt.clear();
    this.toRefill.clear();
    this.refusedBefore = this.generation;
    this.droppedAllAt = this.generation;
    for (const follower of this.followers) follower("*");
  }

  /** The ids dropped since the last call, for the prefill to read back. */
  takeDropped(): string[] {
    const ids = [...this.toRefill];
    this.toRefill.clear();
    return ids;
  }
}

/** A cache that follows every instance's catalogue writes through the database's notifications. */
export async function createCatalogueCache(database: Database, maxEntries?: number) {
  const cache = new CatalogueCache(maxEntries);
  const stopListening = await database.listen(
    CATALOGUE_PRODUCTS_CHANNEL,
    (payload) => {
      if (payload === "*") cache.dropAll();
      else cache.drop(payload.split(","));
    },
    () => cache.dropAll(),
  );
  const unlisten = async () => {
    await stopListening();
    // Without notifications nothing may be served from memory any longer.
    cache.dropAll();
  };
  return { cache, unlisten };
}
