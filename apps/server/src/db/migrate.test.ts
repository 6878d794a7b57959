import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { buildAuthOptions } from "../modules/auth/auth-options.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import type { Database } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });
const secret = "test-secret-test-secret-test-secret-0123";

describe("migrations", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("bring an empty database up to date, and a second run applies nothing", async () => {
    database = await openTestDatabase();
    const authOptions = buildAuthOptions({ config, database, secret });
    expect(await migrateToLatest(database, authOptions)).toContain("0001_catalogue_and_engagement");
    const tables = await database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(["user", "session", "products", "profiles"]));
    expect(await migrateToLatest(database, authOptions)).toEqual([]);
    // The whole chain on a fresh embedded database: ~15 s on a busy 2-core machine, more than the default.
  }, 90_000);

  // Numbers are handed out in ranges per piece of work: a database that already ran the later
  // ones meets 0021 afterwards (decision 092), and must run it rather than refuse to start.
  it("runs a migration numbered before ones the database already ran", async () => {
    database = await openTestDatabase();
    const authOptions = buildAuthOptions({ config, database, secret });
    await migrateToLatest(database, authOptions);
    // The database as it was before 0021 existed: its changes undone, its record gone.
    await sql`alter table media_uploads drop constraint media_uploads_product_check`.execute(database.db);
    await sql`alter table media_uploads drop constraint media_uploads_purpose_check`.execute(database.db);
    await sql`alter table media_uploads add constraint media_uploads_purpose_check check (purpose in ('product-video', 'product-image', 'submission'))`.execute(database.db);
    await sql`alter table media_uploads alter column product_id set not null`.execute(database.db);
    await sql`delete from kysely_migration where name = '0021_uploads_for_brands_and_marketplaces'`.execute(database.db);
    expect(await migrateToLatest(database, authOptions)).toEqual(["0021_uploads_for_brands_and_marketplaces"]);
    const { rows } = await sql<{ nullable: string }>`select is_nullable as nullable from information_schema.columns where table_name = 'media_uploads' and column_name = 'product_id'`.execute(database.db);
    expect(rows[0]?.nullable).toBe("YES");
  }, 90_000);

  // Several instances may boot at once on one PostgreSQL (PGlite is one process by design).
  it.skipIf(!process.env.TEST_DATABASE_URL)("take turns when instances start together on PostgreSQL", async () => {
    database = await openTestDatabase();
    const authOptions = buildAuthOptions({ config, database, secret });
    const runs = await Promise.all([migrateToLatest(database, authOptions), migrateToLatest(database, authOptions)]);
    expect(runs.flat().filter((name) => name === "0001_catalogue_and_engagement")).toHaveLength(1);
  });
});
