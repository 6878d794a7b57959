import type { Media } from "@reelmart/core/api/catalog";
import type { ProductDetailParts, ProductRow } from "./catalog.mappers.ts";

// Decision 030: the catalogue part of active products, kept in memory until the catalogue changes.
// Its invalidation is the public read cache's: the pg_notify triggers of migration 0002 clear that
// cache (bumping its generation) on every catalogue write, and this cache drops everything once it
// sees a new generation. Engagement counters change without a notification, so callers overlay
// fresh counters on every read; the ones stored here are only those read with the product.
// Nothing here depends on the viewer.

/** One active product as the catalogue shows it. */
export interface CatalogueEntry {
  row: ProductRow;
  parts: ProductDetailParts;
  /** Images and ready videos, by display order (MediaScope "usable"). */
  media: Media[];
  /** Marketplaces with an active listing of it (the marketplaceId filter), whether or not the marketplace is. */
  listedIn: ReadonlySet<string>;
}

/**
 * What tells the cache the catalogue changed: a generation that moves on every catalogue write (the
 * public read cache's, bumped by migration 0002's notifications; server.ts passes it in).
 */
export interface CatalogueInvalidation {
  readonly generation: number;
}

/** About 2–4 KB of heap per product: tens of MB at most, next to the public cache's 32 MB. */
const MAX_ENTRIES = 10_000;

export class CatalogueCache {
  // Map iteration order is insertion order: re-inserting on every hit makes it an LRU.
  private readonly entries = new Map<string, CatalogueEntry>();
  private generation: number;

  constructor(
    private readonly invalidation: CatalogueInvalidation,
    private readonly maxEntries = MAX_ENTRIES,
  ) {
    this.generation = invalidation.generation;
  }

  /** Taken before reading the database: `store` refuses what was read across a catalogue write. */
  get currentGeneration(): number {
    this.sync();
    return this.generation;
  }

  /** How many entries it holds at most. */
  get capacity(): number {
    return this.maxEntries;
  }

  get size(): number {
    this.sync();
    return this.entries.size;
  }

  get(id: string): CatalogueEntry | undefined {
    this.sync();
    const key = id.toLowerCase();
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  store(entry: CatalogueEntry, generation: number): void {
    this.sync();
    if (generation !== this.generation) return;
    const key = entry.row.id.toLowerCase();
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  private sync() {
    if (this.generation === this.invalidation.generation) return;
    this.entries.clear();
    this.generation = this.invalidation.generation;
  }
}
