import type { Readable } from "node:stream";
import type pg from "pg";
import type { Database } from "../../db/database.ts";
import { failureOf } from "../../db/release-failure.ts";
import { ALL_BUCKETS, BUCKETS, type Bucket, type PublicBucket, type Storage } from "../../storage/storage.ts";

/**
 * A whole shop as backups, restores and moves see it (docs/decisions/171-backup-restore-move.md):
 * every table's rows as PostgreSQL's own JSON (row_to_json, never parsed in JavaScript, so numeric,
 * bigint and timestamp values keep their exact text), the sequences, and every stored file.
 */
export interface Manifest {
  format: 1;
  createdAt: string;
  database: Database["kind"];
  /** The migrations the rows were written under; a restore brings its target to the same point first. */
  migrations: string[];
  /** storage.publicUrl(bucket, "") of the source: stored URLs start with it, and are rewritten when the target's differs. */
  urlPrefixes: Record<PublicBucket, string>;
  /** The embedded shop's generated AUTH secret (DATA_DIR/auth-secret), so a restore keeps sessions valid. */
  authSecret?: string;
}

/** Up to CHUNK_ROWS rows of one table, each one row_to_json text. */
export interface RowChunk {
  kind: "rows";
  table: string;
  rows: string[];
}

export interface SequenceValue {
  kind: "sequence";
  name: string;
  /** pg_sequences.last_value as text; null for a sequence never used. */
  value: string | null;
}

export type DataRecord = RowChunk | SequenceValue;

export interface SourceFile {
  bucket: Bucket;
  key: string;
  contentType: string;
  cacheControl?: string;
  size: number;
  /** Known ahead for a backup file (written beside the bytes); computed while copying otherwise. */
  sha256?: string;
  open(): Promise<Readable>;
}

export interface ShopSource {
  manifest: Manifest;
  /** Rows and sequences of one consistent snapshot. */
  data(): AsyncIterable<DataRecord>;
  files(): AsyncIterable<SourceFile>;
}

export const CHUNK_ROWS = 1000;

/** Kysely's own bookkeeping: a target gets it from running the migrations, never from a copy. */
const BOOKKEEPING_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The shop's tables, in name order (the data copy does not depend on the order: triggers and foreign keys are off). */
export async function listTables(client: pg.ClientBase | pg.Pool): Promise<string[]> {
  const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  return rows.map((row) => row.tablename).filter((name) => !BOOKKEEPING_TABLES.has(name));
}

/** Row counts of every table (the check before loading into a target, and the verification after). */
export async function countRows(client: pg.ClientBase | pg.Pool): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(client)) {
    const { rows } = await client.query<{ count: string }>(`select count(*)::text as count from ${quoteIdent(table)}`);
    counts[table] = Number(rows[0]!.count);
  }
  return counts;
}

export async function appliedMigrations(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>("select name from kysely_migration order by name");
  return rows.map((row) => row.name);
}

export function urlPrefixes(storage: Storage): Record<PublicBucket, string> {
  return Object.fromEntries(BUCKETS.map((bucket) => [bucket, storage.publicUrl(bucket, "")])) as Record<PublicBucket, string>;
}

/**
 * One REPEATABLE READ, READ ONLY transaction reads every table through a cursor, so the rows are one
 * consistent snapshot while the shop keeps taking writes (on PGlite the single connection is held,
 * and requests wait, for as long as the rows take to read).
 */
async function* snapshot(pool: pg.Pool): AsyncGenerator<DataRecord> {
  const client = await pool.connect();
  let open = false;
  try {
    await client.query("begin isolation level repeatable read read only");
    open = true;
    for (const table of await listTables(client)) {
      await client.query(`declare shop_rows no scroll cursor for select row_to_json(t)::text as row from ${quoteIdent(table)} t`);
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`fetch ${CHUNK_ROWS} from shop_rows`);
        if (rows.length === 0) break;
        yield { kind: "rows", table, rows: rows.map((row) => row.row) };
      }
      await client.query("close shop_rows");
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename",
    );
    for (const sequence of sequences.rows) yield { kind: "sequence", ...sequence };
    await client.query("commit");
    open = false;
  } finally {
    // A failure, or a consumer that stopped early, leaves the read-only transaction open: end it.
    client.release(open ? await failureOf(client.query("rollback")) : undefined);
  }
}

/** Every stored object of every bucket; an object deleted since it was listed is skipped. */
async function* storedFiles(storage: Storage): AsyncGenerator<SourceFile> {
  for (const bucket of ALL_BUCKETS) {
    for await (const key of storage.list(bucket)) {
      const info = await storage.head(bucket, key);
      if (!info) continue;
      yield { bucket, key, contentType: info.contentType, cacheControl: info.cacheControl, size: info.size, open: () => storage.read(bucket, key) };
    }
  }
}

/** A running (or stopped and opened) shop as a source: its database snapshot, then its files. */
export async function liveSource(database: Database, storage: Storage): Promise<ShopSource> {
  return {
    manifest: {
      format: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      migrations: await appliedMigrations(database.pool),
      urlPrefixes: urlPrefixes(storage),
    },
    data: () => snapshot(database.pool),
    files: () => storedFiles(storage),
  };
}
