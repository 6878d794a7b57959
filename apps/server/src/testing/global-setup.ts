import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpPgliteDataDir, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { buildAuthOptions } from "../modules/auth/auth-options.ts";
import { databaseUrl, onServer } from "./test-database.ts";
import { TEST_AUTH_SECRET, testConfig } from "./test-server.ts";

/**
 * Once per run of a server project: migrates one database and hands its whereabouts to the test
 * files (openTestDatabase({ migrated: true })), which start theirs as copies instead of running
 * PGlite's initdb and every migration again (2-5 s per test server on PGlite, about 1 s on
 * PostgreSQL, for some 170 files per project). The migrations and the code are this run's own.
 */
export default async function migrateTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = (project.config.env as Record<string, string | undefined>).TEST_DATABASE_URL;
  const config = testConfig();
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: "", inMemory: true });
    const folder = mkdtempSync(path.join(os.tmpdir(), "reelmart-test-template-"));
    const dump = path.join(folder, "pglite.tar");
    try {
      await migrateToLatest(database, buildAuthOptions({ config, database, secret: TEST_AUTH_SECRET }));
      writeFileSync(dump, Buffer.from(await (await dumpPgliteDataDir(database)).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide("migratedTemplate", { pgliteDump: dump });
    return async () => rmSync(folder, { recursive: true, force: true });
  }

  const name = `reelmart_test_template_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: "" });
  try {
    await migrateToLatest(database, buildAuthOptions({ config, database, secret: TEST_AUTH_SECRET }));
  } finally {
    // A database with a connection open cannot be a template.
    await database.close();
  }
  project.provide("migratedTemplate", { postgresDatabase: name });
  return () => onServer(adminUrl, `drop database if exists ${name} with (force)`);
}
