import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.ts";
import { type Config, resolveAuthSecret } from "./config.ts";
import type { AppDeps } from "./context.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createMetrics } from "./http/metrics.ts";
import type { Logger } from "./logger.ts";
import { authRoutes, createAuth } from "./modules/auth/auth.ts";
import { authOpenApi } from "./modules/auth/auth-openapi.ts";
import { buildAuthOptions } from "./modules/auth/auth-options.ts";
import { type ReadModel, openReadModel } from "./read-model/read-model.ts";
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
  close(): Promise<void>;
}

export interface BootstrapOptions {
  /** Test hook: an already opened database (a fresh one per test file). */
  database?: Database;
  storage?: Storage;
  /**
   * Whether the server holds its read model (read-model/read-model.ts): on by default, off by
   * default under NODE_ENV=test so tests that write straight to the database read their writes at once.
   */
  readModel?: boolean;
}

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
  let readModel: ReadModel | undefined;
  try {
    const authOptions = buildAuthOptions({ config, database, secret: resolveAuthSecret(config), logger });
    const applied = await migrateToLatest(database, authOptions);
    if (applied.length) logger.info({ applied }, "database migrated");
    const auth = createAuth(authOptions);
    const storage = options.storage ?? createStorage(config);
    const tasks = new PeriodicTasks(logger);
    const metrics = createMetrics(database);
    readModel = (options.readModel ?? config.env !== "test") ? await openReadModel({ config, database, logger, tasks, metrics }) : undefined;
    const searchLog = new SearchLog(database.db);
    const deps: AppDeps = { config, database, logger, metrics, storage, auth, readModel, searchLog, tasks };
    const app = createApp(deps, {
      apiMiddleware: [sessionMiddleware(auth, database, readModel?.sessions)],
      mounts: [
        { path: "/api/auth", app: authRoutes(auth) },
        { path: "/media", app: createMediaRoutes(storage) },
        { path: "/splash", app: splashRoutes(database.db) },
        { path: "/embed", app: embedPageRoutes(database) },
      ],
      modules: apiModules,
      openApiFragments: [() => authOpenApi(auth)],
      webDir: config.staticDir ?? defaultWebDir(),
    });
    scheduleUnpaidOrderExpiry(deps);
    return {
      app,
      deps,
      async close() {
        await tasks.stop();
        // The database last of all, whether or not the read model closed.
        await readModel?.close();
        await database.close();
      },
    };
  } catch (error) {
    // The boot's own failure is the one thrown; the database's is logged beside it.
    await readModel?.close();
    await database.close().catch((closeError: unknown) => logger.error({ err: closeError }, "database did not close after a failed start"));
    throw error;
  }
}

