// Read-model store: feed memory (docs/read-path.md), with its order (feed-order.ts) and packed cards.
// Holds:     the feed's eligible order (feedMembers, modules/feed/feed.membership.ts), every card
//            packed, some as live objects (feedCardCacheSize).
// Filled by: an order load after each FEED_ORDER_CHANNEL notice; the prefill of cards after it.
// Dropped:   the order on FEED_ORDER_CHANNEL, from migration 0105's triggers on the columns
//            feedMembers reads; cards per product with the catalogue cache (CATALOGUE_PRODUCTS_CHANNEL,
//            migration 0100); counters from the realtime channel; all on a missed notification.
// Equal SQL: read-model/feed-memory.test.ts, modules/feed/feed.membership.test.ts; fast-lane.parity.test.ts; read-model/read-model.property.test.ts.

import type { ProductSummary } from "@reelmart/core/api/catalog";
import type { MediaCounts } from "@reelmart/core/engagement";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { CoalescedRefresh } from "./coalesced-refresh.ts";
import { PerGeneration } from "./per-generation.ts";
import { activeProducts } from "../modules/catalog/catalog.scope.ts";
import type { CatalogueCache } from "./catalogue-cache.ts";
import { LiveCards } from "./live-cards.ts";
import { COUNTER_COLUMNS, mediaCountsOf, withMedia } from "../modules/catalog/product-media.service.ts";
import { type FeedOrder, loadFeedOrder } from "./feed-order.ts";
import { PackedCards } from "./packed-cards.ts";

// Every visitor's feed from memory (docs/decisions/110-feed-from-memory.md). The eligible order
// (active products with a ready video, by (feed_rank, id)) is held whole (feed-order.ts), with one
// index list per marketplace; a page is two binary searches and a slice, so any seed's first page
// costs no query. Cards (the FeedItem of each product) sit in a bounded LRU of objects, and every
// card of the order is also packed (packed-cards.ts, decision 186), so a page of cards the LRU does
// not hold costs inflates, not queries. The order is rebuilt when what it reads changes (FEED_ORDER_CHANNEL,
// migration 0105, decision 191: not for a stock change, a review or a rename); the indexed walk in
// SQL serves meanwhile.
// The cards follow decision 103's per-product channel (decision 187): a write drops and re-reads
// only the cards of the products it touched, so an order's stock change costs one card's read, not
// the whole catalogue's. Engagement counters change without either notification: LiveCards
// (live-cards.ts) keeps the held cards' counters live from the counters topic, and the
// counters that moved since the cards were packed go into an overlay the packed cards are answered
// with: as the notice carries them (decision 190), or read when it does not.

/**
 * Trigger-fed channel (migration 0105): a product's status or feed_rank, a medium's product, type or
 * status, or a marketplace listing changed, or such rows came or went: what feedMembers reads
 * (modules/feed/feed.membership.test.ts holds the triggers to it).
 */
export const FEED_ORDER_CHANNEL = "feed_order";

export interface FeedMemoryOptions {
  /**
   * Cards kept as objects (about 2–4 KB of heap each, as LiveCards measured); every card of the
   * order is packed besides (~400 bytes each). 0 keeps none either way, so every page loads its cards.
   */
  maxCards: number;
}

/** Cards per prefill query: big enough to amortise the round trips, small enough not to stall requests. */
const PREFILL_BATCH = 200;

export class FeedMemory {
  private readonly order: PerGeneration<FeedOrder>;
  /** Moved by every FEED_ORDER_CHANNEL notification: an order built before one is out of date. */
  private orderGeneration = 0;
  /** The order is built again: the feed changed, or its notices may have been missed. */
  private readonly orderChanged = () => (this.orderGeneration += 1);
  private stopListening: (() => Promise<void>) | undefined;
  private readonly cards: LiveCards;
  private packed = new PackedCards();
  /**
   * Counts of media that moved since their card was packed, as the move's notice carried them or
   * as read after it, with LiveCards' counterMark then (a read that began before a notice's counts
   * is older; a card read again takes its media out); and the media whose move has not been read yet
   * (by counterMark at the notice), whose packed cards are answered from the database meanwhile.
   */
  private movedCounts = new Map<string, { counts: MediaCounts; at: number }>();
  private readonly unreadMoves = new Map<string, number>();
  private readonly moves = new CoalescedRefresh((mediaIds) => this.readMovedCounters(mediaIds), () => this.closed);
  /** Products a catalogue write touched, read again and packed in batches. */
  private readonly repacks = new CoalescedRefresh((ids) => this.repack(ids), () => this.closed);
  /** The prefill running, if any; one at a time, and once more when asked for meanwhile. */
  private prefilling: Promise<void> | undefined;
  private prefillAgain = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    /** Decision 103's per-product drops, which the cards follow. */
    private readonly catalogue: CatalogueCache,
    private readonly logger: Logger,
    private readonly options: FeedMemoryOptions,
  ) {
    this.cards = new LiveCards(db, logger, options.maxCards, "feed");
    this.order = new PerGeneration({
      generation: () => this.orderGeneration,
      load: (generation) => loadFeedOrder(db, generation),
      onBuilt: () => this.schedulePrefill(),
      onError: (error) => logger.warn({ err: error }, "feed order rebuild failed; the SQL walk serves meanwhile"),
    });
  }

  /** Starts listening for the order's and the counters' changes, and builds the first order in the background. */
  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(FEED_ORDER_CHANNEL, this.orderChanged, this.orderChanged);
    await this.cards.start(database);
    if (this.options.maxCards > 0) {
      this.cards.followCounters((mediaIds, counts) => this.onCountersMoved(mediaIds, counts));
      this.cards.followCatalogue(this.catalogue);
      this.catalogue.follow((ids) => this.onCatalogueDrop(ids));
    }
    this.currentOrder();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    await this.cards.close();
    await this.order.close();
    await this.prefilling;
  }

  /** The order for the current catalogue, or undefined while it is being (re)built. */
  currentOrder(): FeedOrder | undefined {
    return this.order.current();
  }

  /** The order once built for the current catalogue (waits for a rebuild in flight). */
  whenBuilt(): Promise<FeedOrder | undefined> {
    return this.order.whenBuilt();
  }

  /** Cards held as objects. */
  get cardCount(): number {
    return this.cards.size;
  }

  /** Cards packed, and the bytes they take (decision 186 reports them at 100k products). */
  get packedCards(): { count: number; approximateBytes: number } {
    return { count: this.packed.size, approximateBytes: this.packed.approximateBytes };
  }

  /** Runs the prefill on the current order: one at a time, and once more if asked for meanwhile. */
  private schedulePrefill() {
    if (this.options.maxCards === 0) return;
    if (this.prefilling) {
      this.prefillAgain = true;
      return;
    }
    this.prefilling = (async () => {
      do {
        this.prefillAgain = false;
        const order = await this.whenBuilt();
        if (order) await this.prefill(order);
      } while (this.prefillAgain && !this.closed);
    })().finally(() => (this.prefilling = undefined));
  }

  /**
   * Loads the cards of the order not packed yet ahead of the visitors (every card after a start or a
   * drop of everything; after a catalogue write, only products new to the order that the per-product
   * drop has not re-read already), a batch at a time so requests interleave with it on PGlite's
   * single connection; the first `maxCards` of the order are held as objects too. Without it the
   * first pages would each pay a card load. Stops when the catalogue changes again (the next order
   * goes on).
   */
  private async prefill(order: FeedOrder): Promise<void> {
    const started = performance.now();
    const asObjects = new Set(order.idsFrom(0, this.options.maxCards));
    let loaded = 0;
    for (let start = 0; start < order.size; start += PREFILL_BATCH) {
      if (this.closed || order.generation !== this.orderGeneration) return;
      const batch = order.idsFrom(start, PREFILL_BATCH);
      if (start < this.options.maxCards) this.holdPacked(batch.filter((id) => asObjects.has(id)));
      const ids = batch.filter((id) => !this.packed.has(id));
      if (!ids.length) continue;
      try {
        loaded += await this.loadAndPack(ids, (id) => asObjects.has(id));
      } catch (error) {
        if (!this.closed) this.logger.warn({ err: error }, "feed card prefill stopped");
        return;
      }
    }
    const { count, approximateBytes } = this.packedCards;
    if (loaded) this.logger.info({ cards: count, loaded, packedMb: Math.round(approximateBytes / 2 ** 20), ms: Math.round(performance.now() - started) }, "feed cards prefilled");
  }

  /** Holds as objects the packed cards of `keys` not held yet (products the order's start gained, or whose card was re-read). */
  private holdPacked(keys: string[]) {
    for (const key of keys) {
      if (this.cards.peek(key)) continue;
      const unpacked = this.unpack(key);
      if (unpacked) this.cards.store(unpacked.card, this.cards.counterMark);
    }
  }

  /**
   * Reads the cards of `ids` and packs those with a ready video; `asObject` says which to hold as
   * objects too. A card a catalogue write dropped while it was read is left for that drop's re-read.
   * Returns how many cards were read.
   */
  private async loadAndPack(ids: string[], asObject: (key: string) => boolean): Promise<number> {
    const catalogueGeneration = this.catalogue.currentGeneration;
    const mark = this.cards.counterMark;
    const packed = this.packed;
    const cards = (await this.loadCards(ids)).filter((card) => card.media.length > 0 && this.catalogue.accepts(card.id, catalogueGeneration));
    if (packed !== this.packed) return cards.length;
    for (const card of cards) {
      const key = card.id.toLowerCase();
      if (asObject(key)) this.cards.store(card, mark);
      this.readFresh(card, mark);
    }
    packed.put(cards.map((card) => [card.id.toLowerCase(), JSON.stringify(card)] as const));
    return cards.length;
  }

  /**
   * A card was read with its counters after `mark`: the overlay's older counters of its media go,
   * unless a counter notice came during the read, which may or may not be in what was read (that
   * media's counters are read again first, and answered from the database meanwhile).
   */
  private readFresh(card: ProductSummary, mark: number) {
    for (const media of card.media) {
      const mediaKey = media.id.toLowerCase();
      if (mark === this.cards.counterMark) this.movedCounts.delete(mediaKey);
      else this.noteMoved(mediaKey);
    }
  }

  /**
   * Decision 103's per-product channel: the named products' packed cards go, and are read again
   * (their objects go through LiveCards' own `followCatalogue`).
   */
  private onCatalogueDrop(ids: readonly string[] | "*") {
    if (ids === "*") {
      this.packed = new PackedCards();
      this.movedCounts = new Map();
      this.schedulePrefill();
      return;
    }
    for (const id of ids) {
      this.packed.delete(id);
      this.repacks.note(id);
    }
  }

  /** Reads the cards of products a catalogue write touched (those still active with a ready video are packed again). */
  private async repack(ids: string[]): Promise<void> {
    const asObjects = new Set(this.order.latest?.idsFrom(0, this.options.maxCards));
    try {
      await this.loadAndPack(ids, (id) => asObjects.has(id));
    } catch (error) {
      // Not packed, those cards are read from the database when asked for, until the next prefill.
      if (!this.closed) this.logger.warn({ err: error }, "feed card re-read failed");
    }
  }

  /** Active products' cards with their ready videos, read from the database (in no particular order). */
  private async loadCards(ids: string[]): Promise<ProductSummary[]> {
    const rows = await activeProducts(this.db).where("p.id", "in", ids).execute();
    return withMedia(this.db, rows, "ready-videos");
  }

  /** The cards of `ids` in that order; ones no longer active or without a ready video are left out. */
  async cardsFor(ids: string[]): Promise<ProductSummary[]> {
    const found = new Map<string, ProductSummary>();
    const missing: string[] = [];
    for (const id of ids) {
      const key = id.toLowerCase();
      const card = this.cards.get(key) ?? this.unpack(key)?.card;
      if (card) found.set(key, card);
      else missing.push(key);
    }
    if (missing.length) {
      const catalogueGeneration = this.catalogue.currentGeneration;
      const mark = this.cards.counterMark;
      const loaded = await this.loadCards(missing);
      for (const card of loaded) {
        found.set(card.id.toLowerCase(), card);
        if (this.catalogue.accepts(card.id, catalogueGeneration)) this.cards.store(card, mark);
      }
    }
    return ids.map((id) => found.get(id.toLowerCase())).filter((card) => card !== undefined && card.media.length > 0) as ProductSummary[];
  }

  /**
   * The cards of `ids` as JSON bytes (each what `JSON.stringify(card)` gives) when every one is held
   * (the synchronous fast lane, decision 111); otherwise undefined.
   */
  heldCardsBytes(ids: string[]): Buffer[] | undefined {
    const cards: Buffer[] = [];
    for (const id of ids) {
      const card = this.cards.peek(id);
      if (card) {
        if (card.media.length) cards.push(this.cards.bytes(card));
        continue;
      }
      const unpacked = this.unpack(id);
      if (!unpacked) return undefined;
      if (unpacked.card.media.length) cards.push(unpacked.bytes);
    }
    return cards;
  }

  /**
   * The packed card of a lower-case `key` with the counters that moved since it was packed, and its
   * JSON bytes; undefined when it is not packed or a move of its counters has not been read yet.
   */
  private unpack(key: string): { card: ProductSummary; bytes: Buffer } | undefined {
    const json = this.packed.get(key);
    if (!json) return undefined;
    const packed = JSON.parse(json.toString()) as ProductSummary;
    let moved = false;
    const media: ProductSummary["media"][number][] = [];
    for (const item of packed.media) {
      const mediaKey = item.id.toLowerCase();
      if (this.unreadMoves.has(mediaKey)) return undefined;
      const counts = this.movedCounts.get(mediaKey)?.counts;
      moved ||= counts !== undefined;
      media.push(counts ? { ...item, ...counts } : item);
    }
    if (!moved) return { card: packed, bytes: json };
    const card = { ...packed, media };
    return { card, bytes: Buffer.from(JSON.stringify(card)) };
  }

  private onCountersMoved(mediaIds: readonly string[], counts: MediaCounts | undefined) {
    for (const id of mediaIds) {
      const mediaKey = id.toLowerCase();
      if (!counts) this.noteMoved(mediaKey);
      else {
        // The latest committed (notices come in commit order): the overlay, with nothing to read.
        this.setMoved(mediaKey, counts, this.cards.counterMark);
        this.unreadMoves.delete(mediaKey);
      }
    }
  }

  /** A medium's overlay, read or carried at `at`, unless counts of a later mark are set already. */
  private setMoved(mediaKey: string, counts: MediaCounts, at: number) {
    if ((this.movedCounts.get(mediaKey)?.at ?? -1) <= at) this.movedCounts.set(mediaKey, { counts, at });
  }

  /** The counters of a lower-case media id moved at the latest notice: read them before answering its packed card. */
  private noteMoved(mediaKey: string) {
    this.unreadMoves.set(mediaKey, this.cards.counterMark);
    this.moves.note(mediaKey);
  }

  /** One query for every medium whose counters moved since the last read (the packed cards' overlay). */
  private async readMovedCounters(mediaIds: string[]): Promise<void> {
    const notices = this.cards.counterMark;
    try {
      const rows = await this.db.selectFrom("product_media").select(COUNTER_COLUMNS).where("id", "in", mediaIds).execute();
      // A notice that came during the read set newer counts than it may have read.
      for (const row of rows) this.setMoved(row.id.toLowerCase(), mediaCountsOf(row), notices);
      // A notice that came while reading may predate what was read or not: it stays unread.
      for (const id of mediaIds) if ((this.unreadMoves.get(id) ?? Infinity) <= notices) this.unreadMoves.delete(id);
    } catch (error) {
      if (this.closed) return;
      // Counters that cannot be read cannot be overlaid: the packed cards go, and are read again.
      this.logger.warn({ err: error }, "feed counters read failed; reading the packed cards again");
      this.onCatalogueDrop("*");
    }
  }

  /** Resolves once pending counter refreshes and card re-reads are applied (tests). */
  async settled(): Promise<void> {
    await Promise.all([this.cards.settled(), this.moves.settled(), this.repacks.settled(), this.prefilling]);
  }
}
