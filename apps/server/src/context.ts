import type { OpenAPIHono } from "@hono/zod-openapi";
import type { PeriodicTasks } from "./periodic-tasks.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { Metrics } from "./http/metrics.ts";
import type { AppEnv } from "./http/viewer.ts";
import type { Logger } from "./logger.ts";
import type { Auth } from "./modules/auth/auth.ts";
import type { CatalogueCache } from "./read-model/catalogue-cache.ts";
import type { LiveCards } from "./read-model/live-cards.ts";
import type { ProductAnswers } from "./read-model/product-answers.ts";
import type { FeedMemory } from "./read-model/feed-memory.ts";
import type { SearchMemory } from "./read-model/search-memory.ts";
import type { SearchLog } from "./modules/search/search.service.ts";
import type { Storage } from "./storage/storage.ts";

/** What every module's routes are built with. Services take only what they use (usually `db`). */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** This server's Prometheus registry and recorders (GET /metrics). */
  metrics: Metrics;
  storage: Storage;
  /** better-auth, for the few routes that call its API (admin invitations). */
  auth: Auth;
  /** The catalogue kept in memory (decision 030); present while the public cache listens for catalogue writes. */
  catalogueCache?: CatalogueCache;
  /** The server's periodic jobs; server.close() stops them before the database closes. */
  tasks: PeriodicTasks;
  /** Every visitor's feed from memory (decision 110); present while the public cache listens. */
  feedMemory?: FeedMemory;
  /** The search index in memory (decision 141); present while the public cache listens. */
  searchMemory?: SearchMemory;
  /** Search-result cards with live counters (decision 142); present with the catalogue cache, whose drops they follow. */
  searchCards?: LiveCards;
  /** Searches counted in memory for popular searches, written now and then (by the route's task); the fast lane counts its answers too. */
  searchLog: SearchLog;
  /** Product pages as the bytes the route sends, for the fast lane (decision 107); present with the catalogue cache. */
  productAnswers?: ProductAnswers;
}

export type ApiApp = OpenAPIHono<AppEnv>;

/** A module adds its routes to the /api app. */
export type RegisterRoutes = (app: ApiApp, deps: AppDeps) => void;

/** Operations described outside createRoute (better-auth's), merged into /api/openapi.json as plain OpenAPI objects. */
export interface OpenApiFragment {
  paths: Record<string, Record<string, unknown>>;
  schemas: Record<string, object>;
}
