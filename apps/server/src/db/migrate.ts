import { getMigrations } from "better-auth/db/migration";
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from "kysely";
import type { BetterAuthOptions } from "better-auth";
import type { Database } from "./database.ts";
import { failureOf } from "./release-failure.ts";
import * as m0001 from "./migrations/0001_catalogue_and_engagement.ts";
import * as m0002 from "./migrations/0002_public_cache_notify.ts";
import * as m0010 from "./migrations/0010_admin_audit_log.ts";
import * as m0011 from "./migrations/0011_admin_products_settings_bans.ts";
import * as m0020 from "./migrations/0020_media_studio.ts";
import * as m0021 from "./migrations/0021_uploads_for_brands_and_marketplaces.ts";
import * as m0030 from "./migrations/0030_orders.ts";
import * as m0040 from "./migrations/0040_audit_client_address.ts";
import * as m0041 from "./migrations/0041_saved_items_by_product.ts";
import * as m0070 from "./migrations/0070_search_index.ts";
import * as m0071 from "./migrations/0071_search_paid_price.ts";
import * as m0080 from "./migrations/0080_analytics_rollups.ts";
import * as m0081 from "./migrations/0081_views_rolled_up_later.ts";
import * as m0082 from "./migrations/0082_analytics_media_by_product.ts";
import * as m0100 from "./migrations/0100_catalogue_product_notify.ts";
import * as m0101 from "./migrations/0101_viewer_sessions_notify.ts";
import * as m0102 from "./migrations/0102_search_index_notify.ts";
import * as m0103 from "./migrations/0103_search_notify_linear.ts";
import * as m0104 from "./migrations/0104_search_documents_notify_per_row.ts";
import * as m0105 from "./migrations/0105_feed_order_notify.ts";
import * as m0106 from "./migrations/0106_cart_versions.ts";
import * as m0207 from "./migrations/0207_product_picture.ts";
import * as m0208 from "./migrations/0208_media_titles_not_file_names.ts";
import * as m0215 from "./migrations/0215_names_unique_case_aside.ts";

// Listed statically (not read from a folder) so the bundled server carries its migrations.
const migrations: Record<string, Migration> = {
  "0001_catalogue_and_engagement": m0001,
  "0002_public_cache_notify": m0002,
  "0010_admin_audit_log": m0010,
  "0011_admin_products_settings_bans": m0011,
  "0020_media_studio": m0020,
  "0021_uploads_for_brands_and_marketplaces": m0021,
  "0030_orders": m0030,
  "0040_audit_client_address": m0040,
  "0041_saved_items_by_product": m0041,
  "0070_search_index": m0070,
  "0071_search_paid_price": m0071,
  "0080_analytics_rollups": m0080,
  "0081_views_rolled_up_later": m0081,
  "0082_analytics_media_by_product": m0082,
  "0100_catalogue_product_notify": m0100,
  "0101_viewer_sessions_notify": m0101,
  "0102_search_index_notify": m0102,
  "0103_search_notify_linear": m0103,
  "0104_search_documents_notify_per_row": m0104,
  "0105_feed_order_notify": m0105,
  "0106_cart_versions": m0106,
  "0207_product_picture": m0207,
  "0208_media_titles_not_file_names": m0208,
  "0215_names_unique_case_aside": m0215,
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
  return migrate(database, authOptions, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the schema up to and including migration `name`, no further: for tests that write rows
 * as an older release did and then check that the next migration keeps them.
 */
export async function migrateUpTo(database: Database, authOptions: BetterAuthOptions, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}`);
  return migrate(database, authOptions, (migrator) => migrator.migrateTo(name));
}

async function migrate(database: Database, authOptions: BetterAuthOptions, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  if (database.kind === "pglite") return runAll(database, authOptions, run);
  const lock = await database.pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await runAll(database, authOptions, run);
  } finally {
    // A connection that cannot unlock is destroyed rather than pooled: the lock ends with its session.
    lock.release(await failureOf(lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])));
  }
}

async function runAll(database: Database, authOptions: BetterAuthOptions, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const { runMigrations } = await getMigrations(authOptions);
  await runMigrations();
  // Numbers are handed out in ranges per piece of work, so a database that already ran 0081 may
  // meet a new 0021: it runs then (each migration stands on its own), instead of refusing to start.
  const { error, results } = await run(new Migrator({ db: database.db, provider, allowUnorderedMigrations: true }));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
