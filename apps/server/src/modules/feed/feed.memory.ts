import type { ProductSummary } from "@reelmart/core/api/catalog";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { PublicCache } from "../../http/public-cache.ts";
import type { Logger } from "../../logger.ts";
import { PerGeneration } from "../../shared/per-generation.ts";
import { activeProducts } from "../catalog/catalog.scope.ts";
import { LiveCards } from "../catalog/live-cards.ts";
import { withMedia } from "../catalog/product-media.service.ts";

// Every visitor's feed from memory (docs/decisions/110-feed-from-memory.md). The eligible order
// (active products with a ready video, by (feed_rank, id)) is held whole, with one index list per
// marketplace; a page is two binary searches and a slice, so any seed's first page costs no query.
// Cards (the FeedItem of each product) sit in a bounded LRU. Both follow decision 030's
// invalidation: a catalogue write bumps the public cache's generation, and the order is rebuilt
// (the indexed walk in SQL serves meanwhile). Engagement counters change without that notification:
// LiveCards (catalog/live-cards.ts) keeps the held cards' counters live from the counters topic.

/** One position of the walk, as the cursor carries it (decision 010). */
export interface FeedPosition {
  start: number;
  phase: 0 | 1;
  rank: number;
  id: string;
}

export interface FeedRowRef {
  id: string;
  feed_rank: number;
}

/** The eligible order: parallel arrays by (feed_rank, id); per marketplace, ascending indices into them. */
export class FeedOrder {
  private readonly everything: Int32Array;

  constructor(
    private readonly ranks: Float64Array,
    private readonly ids: string[],
    private readonly byMarketplace: ReadonlyMap<string, Int32Array>,
    readonly generation: number,
  ) {
    this.everything = Int32Array.from(ids.keys());
  }

  get size(): number {
    return this.ids.length;
  }

  /** Product ids from `start` in feed order (prefilling the cards). */
  idsFrom(start: number, count: number): string[] {
    return this.ids.slice(start, start + count);
  }

  /** Rough heap held, for the record (decision 110 reports it at 100k products). */
  get approximateBytes(): number {
    let bytes = this.ranks.byteLength + this.everything.byteLength + this.ids.length * (8 + 56);
    for (const list of this.byMarketplace.values()) bytes += list.byteLength;
    return bytes;
  }

  /**
   * Up to `want` rows after `position` in one phase (exclusive; from the phase's start when rank is
   * -1), like the SQL keyset walk: phase 0 is rank >= start, phase 1 is rank < start.
   */
  walk(marketplaceId: string | undefined, position: FeedPosition, want: number): FeedRowRef[] {
    const list = marketplaceId === undefined ? this.everything : (this.byMarketplace.get(marketplaceId.toLowerCase()) ?? new Int32Array());
    const phaseStart = position.phase === 0 ? this.firstAtOrAbove(list, position.start) : 0;
    const phaseEnd = position.phase === 0 ? list.length : this.firstAtOrAbove(list, position.start);
    const from = position.rank >= 0 ? Math.max(phaseStart, this.firstAfter(list, position.rank, position.id.toLowerCase())) : phaseStart;
    const rows: FeedRowRef[] = [];
    for (let i = from; i < phaseEnd && rows.length < want; i++) {
      const index = list[i]!;
      rows.push({ id: this.ids[index]!, feed_rank: this.ranks[index]! });
    }
    return rows;
  }

  /** `want` rows from `position`, wrapping from phase 0 into phase 1 like the SQL walk. */
  walkFrom(marketplaceId: string | undefined, position: FeedPosition, want: number): FeedRowRef[] {
    const rows = this.walk(marketplaceId, position, want);
    if (rows.length < want && position.phase === 0) rows.push(...this.walk(marketplaceId, { start: position.start, phase: 1, rank: -1, id: "" }, want - rows.length));
    return rows;
  }

  /** First position in `list` whose rank is >= rank. */
  private firstAtOrAbove(list: Int32Array, rank: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ranks[list[mid]!]! < rank) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** First position in `list` strictly after (rank, id). Lower-case uuid text sorts as PostgreSQL sorts uuids. */
  private firstAfter(list: Int32Array, rank: number, id: string): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const index = list[mid]!;
      const midRank = this.ranks[index]!;
      if (midRank < rank || (midRank === rank && this.ids[index]! <= id)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** Reads the eligible order: two queries, O(catalogue), once per catalogue write. */
export async function loadFeedOrder(db: Kysely<DB>, generation: number): Promise<FeedOrder> {
  const rows = await db
    .selectFrom("products as p")
    .select(["p.id", "p.feed_rank"])
    .where("p.status", "=", "active")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("product_media as m")
          .select(sql`1`.as("one"))
          .whereRef("m.product_id", "=", "p.id")
          .where("m.type", "=", "video")
          .where("m.status", "=", "ready"),
      ),
    )
    .orderBy("p.feed_rank")
    .orderBy("p.id")
    .execute();
  const listings = await db.selectFrom("marketplace_listings").select(["product_id", "marketplace_id"]).where("is_active", "=", true).execute();
  const ranks = new Float64Array(rows.length);
  const ids: string[] = new Array(rows.length);
  const indexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    ranks[index] = row.feed_rank;
    ids[index] = row.id.toLowerCase();
    indexOf.set(ids[index], index);
  });
  const lists = new Map<string, number[]>();
  for (const listing of listings) {
    const index = indexOf.get(listing.product_id.toLowerCase());
    if (index === undefined) continue;
    const key = listing.marketplace_id.toLowerCase();
    let list = lists.get(key);
    if (!list) lists.set(key, (list = []));
    list.push(index);
  }
  const byMarketplace = new Map<string, Int32Array>();
  for (const [key, list] of lists) byMarketplace.set(key, Int32Array.from(list).sort());
  return new FeedOrder(ranks, ids, byMarketplace, generation);
}

export interface FeedMemoryOptions {
  /** Cards kept (about 2–4 KB of heap each, as LiveCards measured); 0 keeps none, so every page loads its cards. */
  maxCards: number;
}

/** Cards per prefill query: big enough to amortise the round trips, small enough not to stall requests. */
const PREFILL_BATCH = 200;

export class FeedMemory {
  private readonly order: PerGeneration<FeedOrder>;
  private cardGeneration: number;
  private readonly cards: LiveCards;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly invalidation: PublicCache,
    private readonly logger: Logger,
    private readonly options: FeedMemoryOptions,
  ) {
    this.cardGeneration = invalidation.generation;
    this.cards = new LiveCards(db, logger, options.maxCards, "feed");
    this.order = new PerGeneration({
      generation: () => invalidation.generation,
      load: (generation) => loadFeedOrder(db, generation),
      onBuilt: (order) => void this.prefill(order),
      onError: (error) => logger.warn({ err: error }, "feed order rebuild failed; the SQL walk serves meanwhile"),
    });
  }

  /** Starts listening for counter changes and builds the first order in the background. */
  async start(database: Database): Promise<void> {
    await this.cards.start(database);
    this.currentOrder();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.cards.close();
    await this.order.close();
  }

  /** The order for the current catalogue, or undefined while it is being (re)built. */
  currentOrder(): FeedOrder | undefined {
    return this.order.current();
  }

  /** The order once built for the current catalogue (waits for a rebuild in flight). */
  whenBuilt(): Promise<FeedOrder | undefined> {
    return this.order.whenBuilt();
  }

  get cardCount(): number {
    return this.cards.size;
  }

  /**
   * Loads cards ahead of the visitors, up to the bound, a batch at a time so requests interleave
   * with it on PGlite's single connection; without it the first pages after a start or a catalogue
   * write each pay a card load. Stops when the catalogue changes again.
   */
  private async prefill(order: FeedOrder): Promise<void> {
    const count = Math.min(order.size, this.options.maxCards);
    for (let start = 0; start < count; start += PREFILL_BATCH) {
      if (this.closed || order.generation !== this.invalidation.generation) return;
      try {
        await this.cardsFor(order.idsFrom(start, Math.min(PREFILL_BATCH, count - start)));
      } catch (error) {
        if (!this.closed) this.logger.warn({ err: error }, "feed card prefill stopped");
        return;
      }
    }
  }

  /** The cards of `ids` in that order; ones no longer active or without a ready video are left out. */
  async cardsFor(ids: string[]): Promise<ProductSummary[]> {
    this.syncCards();
    const found = new Map<string, ProductSummary>();
    const missing: string[] = [];
    for (const id of ids) {
      const key = id.toLowerCase();
      const card = this.cards.get(key);
      if (card) found.set(key, card);
      else missing.push(key);
    }
    if (missing.length) {
      const generation = this.invalidation.generation;
      const mark = this.cards.counterMark;
      const rows = await activeProducts(this.db).where("p.id", "in", missing).execute();
      const loaded = await withMedia(this.db, rows, "ready-videos");
      for (const card of loaded) {
        found.set(card.id.toLowerCase(), card);
        if (generation === this.invalidation.generation) {
          this.syncCards();
          this.cards.store(card, mark);
        }
      }
    }
    return ids.map((id) => found.get(id.toLowerCase())).filter((card) => card !== undefined && card.media.length > 0) as ProductSummary[];
  }

  /**
   * The cards of `ids` as JSON bytes (each what `JSON.stringify(card)` gives) when every one is held
   * (the synchronous fast lane, decision 111); otherwise undefined.
   */
  heldCardsBytes(ids: string[]): Buffer[] | undefined {
    this.syncCards();
    const cards: Buffer[] = [];
    for (const id of ids) {
      const card = this.cards.peek(id);
      if (!card) return undefined;
      if (card.media.length) cards.push(this.cards.bytes(card));
    }
    return cards;
  }

  /** Resolves once pending counter refreshes are applied (tests). */
  settled(): Promise<void> {
    return this.cards.settled();
  }

  /** A catalogue write cleared every card (decision 030's generation). */
  private syncCards() {
    if (this.cardGeneration === this.invalidation.generation) return;
    this.cards.clear();
    this.cardGeneration = this.invalidation.generation;
  }

}
