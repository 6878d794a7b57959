import { getMigrations } from "better-auth/db/migration";
import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { BetterAuthOptions } from "better-auth";
import type { Database } from "./database.ts";
import * as m0001 from "./migrations/0001_catalogue_and_engagement.ts";
import * as m0002 from "./migrations/0002_public_cache_notify.ts";

// Listed statically (not read from a folder) so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  "0001_catalogue_and_engagement": m0001,
  "0002_public_cache_notify": m0002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Any constant shared by every instance; it names the "migrating" advisory lock.
const MIGRATION_LOCK_KEY = 7_405_112_233;

/**
 * better-auth's tables first (ours reference "user"), then our numbered, forward-only migrations.
 * On PostgreSQL, instances that start together take turns under an advisory lock: better-auth's
 * migrations have no lock of their own. PGlite is one process with one connection, so it needs none.
 */
export async function migrateToLatest(database: Database, authOptions: BetterAuthOptions): Promise<string[]> {
  if (database.kind === "pglite") return runAll(database, authOptions);
  const lock = await database.pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await runAll(database, authOptions);
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
}

async function runAll(database: Database, authOptions: BetterAuthOptions): Promise<string[]> {
  const { runMigrations } = await getMigrations(authOptions);
  await runMigrations();
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
