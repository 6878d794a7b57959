// Read-model store: live cards (docs/read-path.md), held twice: the feed's and search's cards.
// Holds:     ProductSummary cards and their JSON bytes, an LRU by product (feedCardCacheSize,
//            searchCardCacheSize).
// Filled by: the feed and search when a page needs a card not held (one batched read).
// Dropped:   per product with the catalogue cache (CATALOGUE_PRODUCTS_CHANNEL, migration 0100);
//            counters set or read again on the realtime channel's counters notices; all on a miss.
// Equal SQL: read-model/feed-memory.test.ts, read-model/search-memory.test.ts; read-model/read-model.property.test.ts.

import type { ProductSummary } from "@reelmart/core/api/catalog";
import type { MediaCounts } from "@reelmart/core/engagement";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { CoalescedRefresh } from "./coalesced-refresh.ts";
import { heldBytes } from "./held-bytes.ts";
import { listenForMovedCounters } from "./moved-counters.ts";
import type { CatalogueCache } from "./catalogue-cache.ts";
import { COUNTER_COLUMNS, mediaCountsOf } from "../modules/catalog/product-media.service.ts";

// Product cards (ProductSummary) held in memory with their engagement counters kept live: a bounded
// LRU by lower-case product id. Counters change without a catalogue notification, so the counters
// topic of the realtime channel (sent by every like, comment, share and view) keeps the counters of
// held cards: a notice carries the counts its write left, which are set as they are (decision 190);
// one without them, or a card read across a notice, has its counters read again, in one batched
// query. What invalidates the catalogue part is the owner's rule: the feed and search both drop them
// per product (decisions 187 and 142).

type MutableMedia = { -readonly [K in keyof ProductSummary["media"][number]]: ProductSummary["media"][number][K] };

export class LiveCards {
  // Map iteration order is insertion order: re-inserting on every hit makes it an LRU.
  private readonly cards = new Map<string, ProductSummary>();
  /**
   * Each held medium, the card it belongs to (whose JSON its counters are part of), and the
   * `counterMark` at which a notice last set its counts: a read that began before is older.
   */
  private readonly mediaOfCards = new Map<string, { media: MutableMedia; card: ProductSummary; countedAt: number }>();
  /**
   * Cards as JSON bytes, made once per card and counter change: serialising a page's cards was about
   * 40% of a fast-lane feed answer's CPU, and encoding the page's text to bytes another 6% (decision 107).
   */
  private readonly cardBytes = new WeakMap<ProductSummary, Buffer>();
  /** Each held card's place in the LRU order when it was last put at its newest end: `placements` then. */
  private readonly placedAt = new WeakMap<ProductSummary, number>();
  private placements = 0;
  private readonly staleCounters = new CoalescedRefresh((mediaIds) => this.refreshCounters(mediaIds), () => this.closed);
  private counterNotices = 0;
  /** Told of every counter notice after this LiveCards has taken it (`counterMark` already counts it). */
  private readonly counterFollowers: ((mediaIds: readonly string[], counts: MediaCounts | undefined) => void)[] = [];
  private stopListening: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
    /** Cards kept (about 2–4 KB of heap each: ~3.8 KB for a video with three renditions and an image); 0 keeps none. */
    private readonly maxCards: number,
    /** Who holds them, for the log. */
    private readonly owner: string,
  ) {}

  /** Starts following counter changes; until then held counters may fall behind. */
  async start(database: Database): Promise<void> {
    this.stopListening = await listenForMovedCounters(
      database,
      (mediaIds, counts) => this.onCountersMoved(mediaIds, counts),
      () => this.clear(),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    this.clear();
  }

  get size(): number {
    return this.cards.size;
  }

  /** Taken before reading cards from the database: `store` re-reads the counters of cards read across a counter change. */
  get counterMark(): number {
    return this.counterNotices;
  }

  /**
   * The held card of `id`, made one of the most recently used: moved to the newest end when it is in
   * the older half, so a card used within the last maxCards / 2 placements is never evicted. Moving it
   * on every hit, a Map delete and set, leaves a hole each time, and refilling the holes rebuilds the
   * table (~0.5 MB at 10,000 cards, old-generation garbage; at hundreds of searches a second, twice a
   * second: a major GC every minute or two, decision 145).
   */
  get(id: string): ProductSummary | undefined {
    const key = id.toLowerCase();
    const card = this.cards.get(key);
    if (card && this.placements - (this.placedAt.get(card) ?? 0) > this.maxCards / 2) {
      this.cards.delete(key);
      this.cards.set(key, card);
      this.placedAt.set(card, ++this.placements);
    }
    return card;
  }

  /** The held card of a lower-case `key`, without touching the LRU order (the synchronous fast lane). */
  peek(key: string): ProductSummary | undefined {
    return this.cards.get(key);
  }

  /** What `JSON.stringify(card)` gives for a held card, as UTF-8 bytes, made once until its counters change. */
  bytes(card: ProductSummary): Buffer {
    let bytes = this.cardBytes.get(card);
    if (bytes === undefined) this.cardBytes.set(card, (bytes = heldBytes(JSON.stringify(card))));
    return bytes;
  }

  /** Holds `card` (read after `counterMark` was `mark`); evicts the least recently used past the bound. */
  store(card: ProductSummary, mark: number): void {
    if (this.maxCards === 0 || this.closed) return;
    const key = card.id.toLowerCase();
    this.forget(key);
    this.cards.set(key, card);
    this.placedAt.set(card, ++this.placements);
    for (const media of card.media) this.mediaOfCards.set(media.id.toLowerCase(), { media: media as MutableMedia, card, countedAt: mark });
    for (const oldestKey of this.cards.keys()) {
      if (this.cards.size <= this.maxCards) break;
      this.forget(oldestKey);
    }
    // A counter notice that arrived while reading may predate what was read or not: re-read this card's counters.
    if (mark !== this.counterNotices) for (const media of card.media) this.markStale(media.id);
  }

  /** Drops cards with the catalogue cache (decision 103's per-product channel): a write reaches them at once on every instance. */
  followCatalogue(cache: CatalogueCache): void {
    cache.follow((ids) => (ids === "*" ? this.clear() : this.drop(ids)));
  }

  /**
   * Calls `follower` with the media ids (and counts, when it carries them) of every counter notice
   * this LiveCards takes, after it has counted it: whoever holds copies of cards beyond these
   * follows the same notices, on one listener.
   */
  followCounters(follower: (mediaIds: readonly string[], counts: MediaCounts | undefined) => void): void {
    this.counterFollowers.push(follower);
  }

  /** Forgets the cards of `ids` (their catalogue part changed). */
  drop(ids: Iterable<string>): void {
    for (const id of ids) this.forget(id.toLowerCase());
  }

  clear(): void {
    this.cards.clear();
    this.mediaOfCards.clear();
  }

  /** Resolves once pending counter refreshes are applied (tests). */
  async settled(): Promise<void> {
    await this.staleCounters.settled();
  }

  private forget(key: string) {
    const card = this.cards.get(key);
    if (!card) return;
    this.cards.delete(key);
    for (const media of card.media) this.mediaOfCards.delete(media.id.toLowerCase());
  }

  private onCountersMoved(mediaIds: readonly string[], counts: MediaCounts | undefined) {
    this.counterNotices += 1;
    for (const id of mediaIds) {
      if (counts) this.setCounts(id.toLowerCase(), counts);
      else this.markStale(id);
    }
    for (const follower of this.counterFollowers) follower(mediaIds, counts);
  }

  /**
   * Sets a held medium's counters to `counts`, read or carried at `mark` (a notice's are the latest
   * committed: notices come in commit order), unless counts of a later mark are set already.
   */
  private setCounts(key: string, counts: MediaCounts, mark = this.counterNotices) {
    const held = this.mediaOfCards.get(key);
    if (!held || held.countedAt > mark) return;
    held.countedAt = mark;
    this.cardBytes.delete(held.card);
    Object.assign(held.media, counts);
  }

  private markStale(mediaId: string) {
    const key = mediaId.toLowerCase();
    if (!this.mediaOfCards.has(key)) return;
    this.staleCounters.note(key);
  }

  /** One query for every medium whose counters moved since the last refresh. */
  private async refreshCounters(mediaIds: string[]): Promise<void> {
    const mark = this.counterNotices;
    try {
      const rows = await this.db.selectFrom("product_media").select(COUNTER_COLUMNS).where("id", "in", mediaIds).execute();
      // A notice that came during the read set newer counts than it may have read.
      for (const row of rows) this.setCounts(row.id.toLowerCase(), mediaCountsOf(row), mark);
    } catch (error) {
      if (!this.closed) this.logger.warn({ err: error }, `${this.owner} counters refresh failed; dropping the held cards`);
      this.clear();
    }
  }
}
