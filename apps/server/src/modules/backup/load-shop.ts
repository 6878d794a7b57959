import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { BetterAuthOptions } from "better-auth";
import type pg from "pg";
import type { Database } from "../../db/database.ts";
import { migrateUpTo } from "../../db/migrate.ts";
import { failureOf } from "../../db/release-failure.ts";
import { ALL_BUCKETS, BUCKETS, type Storage } from "../../storage/storage.ts";
import { type ShopSource, type SourceFile, countRows, quoteIdent, urlPrefixes } from "./shop-source.ts";

export class TargetNotEmptyError extends Error {}
export class VerificationError extends Error {}

export interface LoadTarget {
  database: Database;
  storage: Storage;
  authOptions: BetterAuthOptions;
  /** Objects the target storage shares with the source (a move without --to-storage): nothing to copy. */
  sameStorage?: boolean;
}

export interface LoadReport {
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
  /** Files already in the target with the same bytes (an earlier, interrupted run copied them). */
  filesSkipped: number;
  urlsRewritten: boolean;
  /** The target shares the source's storage: no file was copied. */
  filesStayed: boolean;
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

async function refuseNonEmptyDatabase(client: pg.ClientBase | pg.Pool) {
  const filled = Object.entries(await countRows(client)).filter(([, rows]) => rows > 0);
  if (filled.length) {
    const named = filled.slice(0, 3).map(([table, rows]) => `${table} (${rows} rows)`).join(", ");
    throw new TargetNotEmptyError(`The target database is not empty: ${named}. Restore and move only fill an empty database.`);
  }
}

/**
 * Files first: every object is copied (or found already copied, byte for byte, by an earlier run
 * that was interrupted) and read back from the target to compare checksums. The target may hold
 * nothing else: an object the source does not have means the storage belongs to another shop.
 */
async function copyFiles(files: SourceFile[], storage: Storage, log: (line: string) => void) {
  const wanted = new Set(files.map((file) => `${file.bucket}/${file.key}`));
  for (const bucket of ALL_BUCKETS) {
    for await (const key of storage.list(bucket)) {
      if (!wanted.has(`${bucket}/${key}`)) throw new TargetNotEmptyError(`The target storage is not empty: it holds ${bucket}/${key}, which this shop does not have.`);
    }
  }
  let skipped = 0;
  let bytes = 0;
  for (const [index, file] of files.entries()) {
    const source = await sha256Of(await file.open());
    if (file.sha256 && file.sha256 !== source.sha256) throw new VerificationError(`${file.bucket}/${file.key}: the backup's bytes do not match their checksum`);
    const existing = await storage.head(file.bucket, file.key);
    if (existing && existing.size === file.size && (await sha256Of(await storage.read(file.bucket, file.key))).sha256 === source.sha256) {
      skipped += 1;
    } else {
      await storage.put(file.bucket, file.key, await file.open(), { contentType: file.contentType, cacheControl: file.cacheControl });
      const copied = await sha256Of(await storage.read(file.bucket, file.key));
      if (copied.sha256 !== source.sha256) throw new VerificationError(`${file.bucket}/${file.key}: the copy's checksum differs from the source's`);
    }
    bytes += file.size;
    if ((index + 1) % 100 === 0) log(`  files: ${index + 1} of ${files.length}`);
  }
  return { skipped, bytes };
}

/** The replacements that point stored URLs at the target's storage, as they appear inside row JSON. */
function urlRewrites(source: ShopSource, storage: Storage): [string, string][] {
  const target = urlPrefixes(storage);
  return BUCKETS.filter((bucket) => source.manifest.urlPrefixes[bucket] !== target[bucket]).map((bucket) => [
    // A stored URL is a JSON string that starts with the prefix: match the opening quote too.
    `"${JSON.stringify(source.manifest.urlPrefixes[bucket]).slice(1, -1)}`,
    `"${JSON.stringify(target[bucket]).slice(1, -1)}`,
  ]);
}

/**
 * The columns to fill: the target's (generated ones excluded) that the source's rows carry. A
 * column a migration applied out of order added since the backup keeps its default.
 */
async function insertableColumns(client: pg.PoolClient, table: string, firstRow: string): Promise<string> {
  const carried = new Set(Object.keys(JSON.parse(firstRow) as object));
  const { rows } = await client.query<{ name: string }>(
    "select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum",
    [`public.${quoteIdent(table)}`],
  );
  return rows
    .filter((row) => carried.has(row.name))
    .map((row) => quoteIdent(row.name))
    .join(", ");
}

/**
 * Rows in one transaction with triggers and foreign-key checks off (session_replication_role =
 * replica, as pg_restore --disable-triggers does): the rows are a consistent snapshot already, and
 * the search index and analytics rollups are copied rather than rebuilt by triggers. An
 * interruption rolls everything back, so running again starts from an empty database.
 */
async function copyRows(source: ShopSource, database: Database, rewrites: [string, string][]) {
  const client = await database.pool.connect();
  const counts: Record<string, number> = {};
  let unrolled: Error | undefined;
  try {
    await client.query("begin");
    try {
      await client.query("set local session_replication_role = replica");
    } catch (error) {
      throw new Error(
        `The target database role may not turn triggers off (${(error as Error).message}). ` +
          "Run as a superuser, or on PostgreSQL 15+ grant it: GRANT SET ON PARAMETER session_replication_role TO <role>.",
      );
    }
    await refuseNonEmptyDatabase(client);
    const columns = new Map<string, string>();
    for await (const record of source.data()) {
      if (record.kind === "sequence") {
        if (record.value !== null) await client.query("select setval($1::regclass, $2::bigint, true)", [`public.${quoteIdent(record.name)}`, record.value]);
        continue;
      }
      let list = columns.get(record.table);
      if (list === undefined) {
        list = await insertableColumns(client, record.table, record.rows[0]!);
        columns.set(record.table, list);
      }
      let json = `[${record.rows.join(",")}]`;
      for (const [from, to] of rewrites) json = json.split(from).join(to);
      const table = `public.${quoteIdent(record.table)}`;
      await client.query(`insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, $1::json)`, [json]);
      counts[record.table] = (counts[record.table] ?? 0) + record.rows.length;
    }
    await client.query("commit");
  } catch (error) {
    unrolled = await failureOf(client.query("rollback"));
    throw error;
  } finally {
    client.release(unrolled);
  }
  return counts;
}

/**
 * Fills an empty target (database, and storage unless shared) from a source: a backup file or a
 * stopped shop. Brings the target's schema to the source's migrations first (the caller migrates to
 * the latest afterwards), and checks row counts and file checksums after.
 */
export async function loadShop(source: ShopSource, target: LoadTarget, log: (line: string) => void): Promise<LoadReport> {
  await refuseNonEmptyDatabase(target.database.pool);
  const last = source.manifest.migrations.at(-1);
  if (!last) throw new VerificationError("The source has no migrations applied.");
  try {
    await migrateUpTo(target.database, target.authOptions, last);
  } catch (error) {
    if ((error as Error).message.startsWith("No migration named")) {
      throw new VerificationError(`The source was written by a newer Reelmart (migration ${last}); update this copy first.`);
    }
    throw error;
  }
  const files: SourceFile[] = [];
  if (!target.sameStorage) for await (const file of source.files()) files.push(file);
  log(target.sameStorage ? "Files: stay where they are." : `Files: copying ${files.length} to the target storage…`);
  const copied = target.sameStorage ? { skipped: 0, bytes: 0 } : await copyFiles(files, target.storage, log);
  const rewrites = target.sameStorage ? [] : urlRewrites(source, target.storage);
  log("Database: copying every table in one transaction…");
  const counts = await copyRows(source, target.database, rewrites);
  const after = await countRows(target.database.pool);
  for (const [table, rows] of Object.entries(counts)) {
    if (after[table] !== rows) throw new VerificationError(`Table ${table}: ${after[table] ?? "no"} rows in the target, ${rows} in the source.`);
  }
  return { tables: counts, files: files.length, fileBytes: copied.bytes, filesSkipped: copied.skipped, urlsRewritten: rewrites.length > 0, filesStayed: Boolean(target.sameStorage) };
}
