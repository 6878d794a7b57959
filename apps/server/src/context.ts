import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { AppEnv } from "./http/viewer.ts";
import type { Logger } from "./logger.ts";
import type { Storage } from "./storage/storage.ts";

/** What every module's routes are built with. Services take only what they use (usually `db`). */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  storage: Storage;
}

export type ApiApp = OpenAPIHono<AppEnv>;

/** A module adds its routes to the /api app. */
export type RegisterRoutes = (app: ApiApp, deps: AppDeps) => void;
