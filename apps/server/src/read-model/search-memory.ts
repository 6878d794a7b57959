// Read-model store: search memory (docs/read-path.md), with its snapshot (search-snapshot.ts) and the parts it reads through.
// Holds:     the search index of migration 0070 at one generation: documents, words and postings, facets, popularity.
// Filled by: a snapshot load (loadSearchSnapshot) after each SEARCH_INDEX_CHANNEL notice.
// Dropped:   rebuilt on SEARCH_INDEX_CHANNEL, from migrations 0102–0104's triggers on search
//            documents and postings, product titles, listings and brands; popularity patched from the
//            realtime channel's counters and the catalogue cache's drops (an order's units); all on a missed notification.
// Equal SQL: read-model/search-memory.test.ts, modules/search/search.catalogue.test.ts; fast-lane.parity.test.ts; read-model/read-model.property.test.ts.

import { type Kysely, sql } from "kysely";
import { Gauge, type Registry } from "prom-client";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { CatalogueCache } from "./catalogue-cache.ts";
import { CoalescedRefresh } from "./coalesced-refresh.ts";
import { listenForMovedCounters } from "./moved-counters.ts";
import { PerGeneration } from "./per-generation.ts";
import { type SearchSnapshot, loadSearchSnapshot } from "./search-snapshot.ts";

// The server's search index in memory (decision 141): the snapshot (search-snapshot.ts) of the current
// index generation, what moves that generation (SEARCH_INDEX_CHANNEL), its rebuilds, the popularity it
// patches in between, and its gauges.

/** Notified by migration 0102's triggers whenever a table the index reads changes in a way it reads. */
export const SEARCH_INDEX_CHANNEL = "search_index";

/**
 * The server's index: the snapshot of the current index generation, rebuilt in the background when
 * a SEARCH_INDEX_CHANNEL notification moves it (the SQL search answers until it lands; a rebuild
 * that spans another is discarded, as the feed's order is, decision 110). PostgreSQL (or PGlite)
 * stays the source of truth: the index is rebuilt from its tables whenever they change in a way it
 * reads (migration 0102: not on a stock change that leaves a product in stock, nor on popularity), so
 * no instance answers from an index older than a write it has been told about. Popularity (likes,
 * comments, shares, views) changes without a catalogue notification; every such write sends its
 * media's counters topic on the realtime channel, and the popularity of those media's products is
 * re-read, batched. The units an order places move popularity too (migration 0070) and send no
 * counters notice: the order's stock change names its products on decision 103's channel, whose
 * products' popularity is re-read the same way.
 */
export class SearchMemory {
  private readonly snapshot: PerGeneration<SearchSnapshot>;
  private closed = false;
  private stopListening: (() => Promise<void>) | undefined;
  /** Media whose counters moved: their products' popularity is re-read. */
  private readonly staleMedia = new CoalescedRefresh((mediaIds) => this.refreshPopularity(mediaIds), () => this.closed);
  /** Products a catalogue write touched (an order's among them): their popularity is re-read. */
  private readonly staleProducts = new CoalescedRefresh((productIds) => this.refreshProductPopularity(productIds), () => this.closed);
  /** Media and products noticed while a rebuild read the tables: re-read once it lands, whatever it read. */
  private noticedDuringBuild = { media: new Set<string>(), products: new Set<string>() };

  /** Moved by every SEARCH_INDEX_CHANNEL notification: the index of an older one is out of date. */
  private indexGeneration = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
  ) {
    this.snapshot = new PerGeneration({
      generation: () => this.indexGeneration,
      load: (generation) => loadSearchSnapshot(db, generation),
      onBuildStart: () => (this.noticedDuringBuild = { media: new Set(), products: new Set() }),
      onBuilt: (snapshot) => {
        logger.info({ products: snapshot.size, words: snapshot.dictionarySize, approximateMB: Math.round(snapshot.approximateBytes / 1e5) / 10 }, "search index built");
        for (const id of this.noticedDuringBuild.media) this.markStale(id);
        for (const id of this.noticedDuringBuild.products) this.staleProducts.note(id);
      },
      onError: (error) => logger.warn({ err: error }, "search index rebuild failed; the SQL search serves meanwhile"),
    });
  }

  /** The index's tables changed in a way it reads, or may have: the next search rebuilds it. */
  private readonly indexChanged = () => (this.indexGeneration += 1);

  /** Listens for index and counter changes and builds the first snapshot in the background. */
  async start(database: Database): Promise<void> {
    const stopIndex = await database.listen(SEARCH_INDEX_CHANNEL, this.indexChanged, this.indexChanged);
    // The snapshot's counts come with the next build.
    const stopCounters = await listenForMovedCounters(database, (mediaIds) => this.onCountersMoved(mediaIds), this.indexChanged);
    this.stopListening = async () => {
      await stopIndex();
      await stopCounters();
    };
    this.current();
  }

  /**
   * Follows decision 103's per-product drops, which name the products of every order's stock change:
   * their popularity is re-read. A drop of everything (a truncate, notifications missed) rebuilds.
   */
  followCatalogue(catalogue: CatalogueCache): void {
    catalogue.follow((ids) => {
      if (ids === "*") return this.indexChanged();
      for (const id of ids) {
        if (this.snapshot.isBuilding) this.noticedDuringBuild.products.add(id);
        this.staleProducts.note(id);
      }
    });
  }

  /** The snapshot of the current catalogue, or undefined while it is being (re)built. */
  current(): SearchSnapshot | undefined {
    return this.snapshot.current();
  }

  /** The snapshot once built for the current catalogue (waits for a rebuild in flight). */
  whenBuilt(): Promise<SearchSnapshot | undefined> {
    return this.snapshot.whenBuilt();
  }

  /** Gauges of the index this server answers from (0 while it is (re)built and the SQL search answers). */
  registerMetrics(registry: Registry): void {
    const current = () => this.snapshot.held;
    new Gauge({
      name: "search_index_products",
      help: "Products in the search index held in memory; 0 while it is rebuilt after a write it reads (the SQL search answers meanwhile)",
      registers: [registry],
      collect() {
        this.set(current()?.size ?? 0);
      },
    });
    new Gauge({
      name: "search_index_bytes",
      help: "Approximate heap held by the search index in memory",
      registers: [registry],
      collect() {
        this.set(current()?.approximateBytes ?? 0);
      },
    });
  }

  /** Resolves once pending popularity refreshes are applied (tests). */
  async settled(): Promise<void> {
    await Promise.all([this.staleMedia.settled(), this.staleProducts.settled()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    await this.snapshot.close();
    await this.settled();
  }

  private onCountersMoved(mediaIds: readonly string[]) {
    for (const id of mediaIds) {
      if (this.snapshot.isBuilding) this.noticedDuringBuild.media.add(id);
      this.markStale(id);
    }
  }

  private markStale(mediaId: string) {
    this.staleMedia.note(mediaId.toLowerCase());
  }

  /** One query for the popularity of every product a catalogue write touched since the last refresh. */
  private async refreshProductPopularity(productIds: string[]): Promise<void> {
    const snapshot = this.snapshot.latest;
    try {
      const rows = await this.db
        .selectFrom("search_documents")
        .select(["product_id", sql<string>`popularity::text`.as("popularity")])
        .where("product_id", "in", productIds)
        .execute();
      for (const row of rows) snapshot?.setPopularity(row.product_id, Number(row.popularity));
    } catch (error) {
      // Popularity only breaks ties; the next rebuild reads it afresh.
      if (!this.closed) this.logger.warn({ err: error }, "search popularity refresh failed");
    }
  }

  /** One query for the products of every medium whose counters moved since the last refresh. */
  private async refreshPopularity(mediaIds: string[]): Promise<void> {
    const snapshot = this.snapshot.latest;
    try {
      const rows = await this.db
        .selectFrom("search_documents as sd")
        .innerJoin("product_media as m", "m.product_id", "sd.product_id")
        .select(["sd.product_id", sql<string>`sd.popularity::text`.as("popularity")])
        .where("m.id", "in", mediaIds)
        .execute();
      for (const row of rows) snapshot?.setPopularity(row.product_id, Number(row.popularity));
    } catch (error) {
      // Popularity only breaks ties; the next rebuild reads it afresh.
      if (!this.closed) this.logger.warn({ err: error }, "search popularity refresh failed");
    }
  }
}
