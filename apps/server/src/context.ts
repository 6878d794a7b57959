import type { OpenAPIHono } from "@hono/zod-openapi";
import type { PeriodicTasks } from "./periodic-tasks.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { Metrics } from "./http/metrics.ts";
import type { AppEnv } from "./http/viewer.ts";
import type { Logger } from "./logger.ts";
import type { Auth } from "./modules/auth/auth.ts";
import type { ReadModel } from "./read-model/read-model.ts";
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
  /**
   * What the server holds in memory to answer reads without SQL (read-model/read-model.ts,
   * docs/read-path.md); absent when the server runs without it (under NODE_ENV=test by default).
   */
  readModel?: ReadModel;
  /** The server's periodic jobs; server.close() stops them before the database closes. */
  tasks: PeriodicTasks;
  /** Searches counted in memory for popular searches, written now and then (by the route's task); the fast lane counts its answers too. */
  searchLog: SearchLog;
}

export type ApiApp = OpenAPIHono<AppEnv>;

/** A module adds its routes to the /api app. */
export type RegisterRoutes = (app: ApiApp, deps: AppDeps) => void;

/** Operations described outside createRoute (better-auth's), merged into /api/openapi.json as plain OpenAPI objects. */
export interface OpenApiFragment {
  paths: Record<string, Record<string, unknown>>;
  schemas: Record<string, object>;
}
