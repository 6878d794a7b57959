// Where a bench server keeps its data: a fresh PGlite directory (default), or with BENCH_DB=postgres
// a fresh database on the PostgreSQL server that DATABASE_URL names (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped again afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const benchDb = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";

export async function createStore() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-bench-data-"));
  if (benchDb === "pglite") {
    return { kind: "pglite", dataDir, env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const serverUrl = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  const name = `reelmart_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: "postgres",
    dataDir,
    url: url.href,
    // Production with DATABASE_URL requires a shared secret; any fixed one does for a bench.
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href, AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0" },
    async cleanup() {
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function admin(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl.href });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
