import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by testing/global-setup.ts: where this run's migrated database is (see migratedTemplate). */
    migratedTemplate?: { pgliteDump?: string; postgresDatabase?: string };
  }
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the vitest "server:postgres" project sets it),
 * dropped again when the test file closes it. Empty, or with `migrated` a copy of the database
 * the run's global setup migrated once (the same migrations bootstrap runs, which then find nothing
 * to do): a PGlite started from its dump, a PostgreSQL database created from it as a template.
 * `adminUrl` names the PostgreSQL server (TEST_DATABASE_URL unless given; its query, such as
 * `options`, reaches the test database's connections too).
 */
export async function openTestDatabase({ migrated = false, adminUrl = process.env.TEST_DATABASE_URL } = {}): Promise<Database> {
  const template = migrated ? inject("migratedTemplate") : undefined;
  // vitest.config.ts runs its database-free server tests in a project without the global setup.
  if (migrated && !template) throw new Error("No migrated database in this vitest project: a test that opens the database must not be listed in DATABASE_FREE_SERVER_TESTS (vitest.config.ts)");
  if (!adminUrl) {
    const fromDump = template?.pgliteDump ? new Blob([readFileSync(template.pgliteDump)]) : undefined;
    return openDatabase({ dataDir: "", inMemory: true, fromDump });
  }

  const name = `reelmart_test_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, `create database ${name}${template?.postgresDatabase ? ` template ${template.postgresDatabase}` : ""}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: "", poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The URL of database `name` on the server `adminUrl` points at. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection (create and drop database cannot run in a pool's transaction). */
export async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
