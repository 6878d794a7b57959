import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Metrics } from "../http/metrics.ts";
import type { Logger } from "../logger.ts";
import { catalogueCachePrefill } from "../modules/catalog/products.service.ts";
import type { PeriodicTasks } from "../periodic-tasks.ts";
import { type CatalogueCache, createCatalogueCache } from "./catalogue-cache.ts";
import { FeedMemory } from "./feed-memory.ts";
import { HeldCartLines } from "./held-cart-lines.ts";
import { LiveCards } from "./live-cards.ts";
import { ProductAnswers } from "./product-answers.ts";
import { type PublicCache, createPublicCache } from "./public-cache.ts";
import { SearchMemory } from "./search-memory.ts";
import { type SessionCache, createSessionCache } from "./session-cache.ts";

// The read model (docs/read-path.md): what a server holds in memory to answer its hottest reads
// without SQL, each store kept equal to the database by the notifications its triggers send. It is
// built whole or not at all: a server runs with every store (production) or with none (most tests,
// which write straight to the database and read their writes at once), never with a store on
// without the catalogue whose drops it follows.

export interface ReadModel {
  /** Whole answers of anonymous public GETs by URL, emptied by any public write (decision 030). */
  publicCache: PublicCache;
  /** Active products' rows, media and parts, dropped per product by catalogue writes (decisions 030, 103). */
  catalogue: CatalogueCache;
  /** Product pages as the bytes the route sends, for the fast lane (decision 107). */
  productAnswers: ProductAnswers;
  /** The feed's order and every card of it packed, some as live objects (decisions 110, 186). */
  feed: FeedMemory;
  /** The search index and its ranking inputs (decision 141). */
  search: SearchMemory;
  /** Search-result cards with live counters (decision 142). */
  searchCards: LiveCards;
  /** Shoppers' cart lines between their writes (decision 201). */
  cartLines: HeldCartLines;
  /** Signed-in viewers by session token (decision 104). */
  sessions: SessionCache;
  close(): Promise<void>;
}

/**
 * Product pages held as bytes for the fast lane (decision 107): about 3 KB each (body, gzip, ETag),
 * so at most ~15 MB; the catalogue cache holds up to 10,000 products.
 */
const MAX_PRODUCT_ANSWERS = 5_000;

/** How often the catalogue cache checks whether a catalogue write emptied it (then it refills in the background). */
const CATALOGUE_PREFILL_CHECK_MS = 1000;

/**
 * Builds every store, starts its listeners and the catalogue's refill, and registers the index's
 * metrics. A store that fails to start closes the ones started before it.
 */
export async function openReadModel(deps: { config: Config; database: Database; logger: Logger; tasks: PeriodicTasks; metrics: Metrics }): Promise<ReadModel> {
  const { config, database, logger, tasks, metrics } = deps;
  const started: { part: string; close: () => Promise<void> }[] = [];
  const close = async () => {
    // Each part closes even when one before it failed; the last started first.
    const notClosed = (part: string) => (error: unknown) => logger.error({ err: error, part }, "read model part did not close");
    for (const { part, close: closePart } of started.reverse()) await closePart().catch(notClosed(part));
  };
  try {
    const publicCache = await createPublicCache(database);
    started.push({ part: "public cache", close: publicCache.unlisten });
    const catalogue = await createCatalogueCache(database);
    started.push({ part: "catalogue cache", close: catalogue.unlisten });
    const sessions = await createSessionCache(database);
    started.push({ part: "session cache", close: sessions.unlisten });
    const feed = new FeedMemory(database.db, catalogue.cache, logger, { maxCards: config.feedCardCacheSize });
    started.push({ part: "feed memory", close: () => feed.close() });
    await feed.start(database);
    const search = new SearchMemory(database.db, logger);
    started.push({ part: "search memory", close: () => search.close() });
    search.followCatalogue(catalogue.cache);
    await search.start(database);
    const searchCards = new LiveCards(database.db, logger, config.searchCardCacheSize, "search");
    started.push({ part: "search cards", close: () => searchCards.close() });
    searchCards.followCatalogue(catalogue.cache);
    await searchCards.start(database);
    const productAnswers = new ProductAnswers(catalogue.cache, MAX_PRODUCT_ANSWERS);
    started.push({ part: "product answers", close: () => productAnswers.close() });
    await productAnswers.start(database);
    tasks.every("catalogue cache prefill", CATALOGUE_PREFILL_CHECK_MS, catalogueCachePrefill(database.db, catalogue.cache, productAnswers), { runAtStart: true });
    search.registerMetrics(metrics.registry);
    return {
      publicCache: publicCache.cache,
      catalogue: catalogue.cache,
      productAnswers,
      feed,
      search,
      searchCards,
      cartLines: new HeldCartLines(),
      sessions: sessions.cache,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
