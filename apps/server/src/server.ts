import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.ts";
import { type Config, resolveAuthSecret } from "./config.ts";
import type { AppDeps } from "./context.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import type { FastLaneParts } from "./http/fast-lane.ts";
import { createMetrics } from "./http/metrics.ts";
import { type PublicCacheOptions, createPublicCache } from "./read-model/public-cache.ts";
import { createSecurityHeaders } from "./http/security-headers.ts";
import type { Logger } from "./logger.ts";
import { authRoutes, createAuth } from "./modules/auth/auth.ts";
import { authOpenApi } from "./modules/auth/auth-openapi.ts";
import { buildAuthOptions } from "./modules/auth/auth-options.ts";
import { createCatalogueCache } from "./read-model/catalogue-cache.ts";
import { LiveCards } from "./read-model/live-cards.ts";
import { ProductAnswers } from "./read-model/product-answers.ts";
import { catalogueCachePrefill } from "./modules/catalog/products.service.ts";
import { FeedMemory } from "./read-model/feed-memory.ts";
import { createSessionCache } from "./read-model/session-cache.ts";
import { SearchMemory } from "./read-model/search-memory.ts";
import { SearchLog } from "./modules/search/search.service.ts";
import { sessionMiddleware } from "./modules/auth/session-middleware.ts";
import { splashRoutes } from "./modules/admin/splash.routes.ts";
import { embedPageRoutes } from "./modules/embed/embed.routes.ts";
import { apiModules } from "./modules.ts";
import { scheduleUnpaidOrderExpiry } from "./modules/orders/unpaid-order-expiry.ts";
import { PeriodicTasks } from "./periodic-tasks.ts";
import { createStorage } from "./storage/create-storage.ts";
import { createMediaRoutes } from "./storage/media-routes.ts";
import type { Storage } from "./storage/storage.ts";

export interface Server {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** What node's listener answers before the app (decision 111). */
  fastLane: FastLaneParts;
  close(): Promise<void>;
}

export interface BootstrapOptions {
  /** Test hook: an already opened database (a fresh one per test file). */
  database?: Database;
  storage?: Storage;
  /**
   * The anonymous public read cache (decision 030): on by default, off by default under
   * NODE_ENV=test so tests that write straight to the database read their writes at once.
   */
  publicCache?: Partial<PublicCacheOptions> | false;
}

/**
 * Product pages held as bytes for the fast lane (decision 107): about 3 KB each (body, gzip, ETag),
 * so at most ~15 MB; the catalogue cache holds up to 10,000 products.
 */
const MAX_PRODUCT_ANSWERS = 5_000;

/** How often the catalogue cache checks whether a catalogue write emptied it (then it refills in the background). */
const CATALOGUE_PREFILL_CHECK_MS = 1000;

/** The default web build location, next to this package in the workspace. */
export function defaultWebDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, "../../web/dist");
}

/** Opens the database, brings its schema up to date, and builds the HTTP app. */
export async function bootstrap(config: Config, logger: Logger, options: BootstrapOptions = {}): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      sharedBuffersMb: config.pgliteSharedBuffersMb,
      prepareStatements: config.databasePreparedStatements,
      logger,
    }));
  try {
    const authOptions = buildAuthOptions({ config, database, secret: resolveAuthSecret(config), logger });
    const applied = await migrateToLatest(database, authOptions);
    if (applied.length) logger.info({ applied }, "database migrated");
    const auth = createAuth(authOptions);
    const storage = options.storage ?? createStorage(config);
    const cacheOptions = options.publicCache ?? (config.env === "test" ? false : {});
    const publicCache = cacheOptions === false ? undefined : await createPublicCache(database, cacheOptions);
    // Derived from the catalogue, so they live exactly as long as the notifications that invalidate them.
    const catalogue = publicCache ? await createCatalogueCache(database) : undefined;
    const catalogueCache = catalogue?.cache;
    // Decision 104: off under NODE_ENV=test with the other caches (tests write profiles and sessions straight to the database).
    const sessions = config.env === "test" ? undefined : await createSessionCache(database);
    const feedMemory = publicCache && catalogueCache ? new FeedMemory(database.db, catalogueCache, logger, { maxCards: config.feedCardCacheSize }) : undefined;
    await feedMemory?.start(database);
    const searchMemory = publicCache ? new SearchMemory(database.db, logger) : undefined;
    await searchMemory?.start(database);
    const searchCards = catalogueCache ? new LiveCards(database.db, logger, config.searchCardCacheSize, "search") : undefined;
    if (catalogueCache) searchCards?.followCatalogue(catalogueCache);
    await searchCards?.start(database);
    const productAnswers = catalogueCache ? new ProductAnswers(catalogueCache, MAX_PRODUCT_ANSWERS) : undefined;
    await productAnswers?.start(database);
    const tasks = new PeriodicTasks(logger);
    if (catalogueCache) tasks.every("catalogue cache prefill", CATALOGUE_PREFILL_CHECK_MS, catalogueCachePrefill(database.db, catalogueCache, productAnswers), { runAtStart: true });
    const metrics = createMetrics(database);
    searchMemory?.registerMetrics(metrics.registry);
    const searchLog = new SearchLog(database.db);
    const deps: AppDeps = { config, database, logger, metrics, storage, auth, catalogueCache, feedMemory, searchMemory, searchCards, searchLog, productAnswers, tasks };
    const app = createApp(deps, {
      apiMiddleware: [sessionMiddleware(auth, database, sessions?.cache)],
      mounts: [
        { path: "/api/auth", app: authRoutes(auth) },
        { path: "/media", app: createMediaRoutes(storage) },
        { path: "/splash", app: splashRoutes(database.db) },
        { path: "/embed", app: embedPageRoutes(database) },
      ],
      modules: apiModules,
      openApiFragments: [() => authOpenApi(auth)],
      publicCache: publicCache?.cache,
      webDir: config.staticDir ?? defaultWebDir(),
    });
    scheduleUnpaidOrderExpiry(deps);
    return {
      app,
      deps,
      fastLane: {
        publicCache: publicCache?.cache,
        feedMemory,
        productAnswers,
        search: searchMemory && searchCards ? { memory: searchMemory, catalogue: { db: database.db, cache: catalogueCache, cards: searchCards }, log: searchLog } : undefined,
        securityHeaders: createSecurityHeaders(config),
        metrics,
      },
      async close() {
        await tasks.stop();
        // Each part closes even when one before it failed, and the database last of all.
        const notClosed = (part: string) => (error: unknown) => logger.error({ err: error, part }, "server part did not close");
        await feedMemory?.close().catch(notClosed("feed memory"));
        await searchMemory?.close().catch(notClosed("search memory"));
        await searchCards?.close().catch(notClosed("search cards"));
        await productAnswers?.close().catch(notClosed("product answers"));
        await publicCache?.unlisten().catch(notClosed("public cache"));
        await catalogue?.unlisten().catch(notClosed("catalogue cache"));
        await sessions?.unlisten().catch(notClosed("session cache"));
        await database.close();
      },
    };
  } catch (error) {
    // The boot's own failure is the one thrown; the database's is logged beside it.
    await database.close().catch((closeError: unknown) => logger.error({ err: closeError }, "database did not close after a failed start"));
    throw error;
  }
}

