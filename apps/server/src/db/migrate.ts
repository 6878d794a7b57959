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

/** better-auth's tables first (ours reference "user"), then our numbered, forward-only migrations. */
export async function migrateToLatest(database: Database, authOptions: BetterAuthOptions): Promise<string[]> {
  const { runMigrations } = await getMigrations(authOptions);
  await runMigrations();
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
