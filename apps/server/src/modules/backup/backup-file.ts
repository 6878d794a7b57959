import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { Bucket } from "../../storage/storage.ts";
import type { DataRecord, Manifest, ShopSource, SourceFile } from "./shop-source.ts";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The backup file (decision 171): a first line naming the format, the manifest as one JSON line,
 * then records, each a JSON line, some followed by bytes:
 *   {"kind":"rows","table","count","bytes"} + gzip of the rows' row_to_json texts, one a line
 *   {"kind":"sequence","name","value"}
 *   {"kind":"file","bucket","key","contentType","cacheControl","size"} + the file's bytes + "\n",
 *     then {"kind":"checksum","sha256"}
 *   {"kind":"end","tables":{table: rows},"files","fileBytes"}: a file without it is incomplete.
 * Rows first, then files, so a reader can skip to either part without reading the other.
 */
const MAGIC = "REELMART-BACKUP 1";
const MAX_HEADER_BYTES = 64 * 1024;

export interface BackupSummary {
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
}

interface EndRecord extends BackupSummary {
  kind: "end";
}

export class BackupFileError extends Error {}

/** Writes the source to `file` (through `file.partial`, renamed when complete), readable only by its owner. */
export async function writeBackupFile(file: string, source: ShopSource): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const handle = await open(partial, "w", 0o600);
  const summary: BackupSummary = { tables: {}, files: 0, fileBytes: 0 };
  try {
    const line = (value: unknown) => handle.write(`${JSON.stringify(value)}\n`);
    await handle.write(`${MAGIC}\n`);
    await line(source.manifest);
    for await (const record of source.data()) {
      if (record.kind === "sequence") {
        await line(record);
        continue;
      }
      const body = await gzipAsync(record.rows.join("\n"), { level: 6 });
      await line({ kind: "rows", table: record.table, count: record.rows.length, bytes: body.length });
      await handle.write(body);
      summary.tables[record.table] = (summary.tables[record.table] ?? 0) + record.rows.length;
    }
    for await (const stored of source.files()) {
      await line({ kind: "file", bucket: stored.bucket, key: stored.key, contentType: stored.contentType, cacheControl: stored.cacheControl, size: stored.size });
      const hash = createHash("sha256");
      let written = 0;
      for await (const chunk of await stored.open()) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        written += bytes.length;
        if (written > stored.size) break;
        await handle.write(bytes);
      }
      if (written !== stored.size) throw new BackupFileError(`${stored.bucket}/${stored.key} changed while it was copied (${written} bytes, expected ${stored.size})`);
      await handle.write("\n");
      await line({ kind: "checksum", sha256: hash.digest("hex") });
      summary.files += 1;
      summary.fileBytes += written;
    }
    await line({ kind: "end", ...summary } satisfies EndRecord);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await rename(partial, file);
  return summary;
}

interface Indexed {
  rows: { table: string; count: number; offset: number; bytes: number }[];
  sequences: DataRecord[];
  files: (Omit<SourceFile, "open"> & { offset: number; sha256: string })[];
  end: EndRecord;
}

/** Reads one header line at `position`; returns it parsed and where the next byte is. */
async function readLine(handle: FileHandle, position: number): Promise<{ value: unknown; next: number; text: string }> {
  const buffer = Buffer.alloc(MAX_HEADER_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  const newline = buffer.subarray(0, bytesRead).indexOf(10);
  if (newline === -1) throw new BackupFileError(bytesRead === 0 ? "the backup file ends early (it is incomplete)" : "the backup file is damaged (a record line is too long)");
  const text = buffer.subarray(0, newline).toString("utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // swallowed: a line that is not JSON is answered by the caller's check of what it holds ("damaged").
    value = undefined;
  }
  return { value, text, next: position + newline + 1 };
}

async function index(handle: FileHandle): Promise<{ manifest: Manifest; indexed: Indexed }> {
  const magic = await readLine(handle, 0);
  if (magic.text !== MAGIC) throw new BackupFileError("this is not a Reelmart backup file");
  const first = await readLine(handle, magic.next);
  const manifest = first.value as Manifest;
  if (manifest?.format !== 1 || !Array.isArray(manifest.migrations)) throw new BackupFileError("the backup file's manifest is damaged");
  const indexed: Indexed = { rows: [], sequences: [], files: [], end: undefined as unknown as EndRecord };
  let position = first.next;
  for (;;) {
    const { value, next } = await readLine(handle, position);
    const record = value as { kind?: string } & Record<string, unknown>;
    if (record?.kind === "end") {
      indexed.end = record as unknown as EndRecord;
      return { manifest, indexed };
    }
    if (record?.kind === "rows") {
      indexed.rows.push({ table: String(record.table), count: Number(record.count), bytes: Number(record.bytes), offset: next });
      position = next + Number(record.bytes);
    } else if (record?.kind === "sequence") {
      indexed.sequences.push(record as unknown as DataRecord);
      position = next;
    } else if (record?.kind === "file") {
      const size = Number(record.size);
      const checksum = await readLine(handle, next + size + 1);
      const sha256 = (checksum.value as { sha256?: string } | undefined)?.sha256;
      if (!sha256) throw new BackupFileError("the backup file is damaged (a file has no checksum)");
      indexed.files.push({
        bucket: record.bucket as Bucket,
        key: String(record.key),
        contentType: String(record.contentType),
        cacheControl: typeof record.cacheControl === "string" ? record.cacheControl : undefined,
        size,
        sha256,
        offset: next,
      });
      position = checksum.next;
    } else {
      throw new BackupFileError("the backup file is damaged (an unknown record)");
    }
  }
}

export interface BackupFile {
  source: ShopSource;
  /** What the end record says the file holds; a restore checks the target against it. */
  summary: BackupSummary;
  close(): Promise<void>;
}

/** Opens a backup file as a source; it is indexed (headers only) first, so an incomplete file is refused before anything is written. */
export async function openBackupFile(file: string): Promise<BackupFile> {
  const handle = await open(file, "r");
  try {
    const { manifest, indexed } = await index(handle);
    const source: ShopSource = {
      manifest,
      async *data() {
        for (const chunk of indexed.rows) {
          const buffer = Buffer.alloc(chunk.bytes);
          await handle.read(buffer, 0, chunk.bytes, chunk.offset);
          const rows = (await gunzipAsync(buffer)).toString("utf8").split("\n");
          if (rows.length !== chunk.count) throw new BackupFileError(`the backup file is damaged (rows of ${chunk.table})`);
          yield { kind: "rows", table: chunk.table, rows };
        }
        yield* indexed.sequences;
      },
      async *files() {
        for (const { offset, ...stored } of indexed.files) {
          // An empty file has no byte range to read.
          yield { ...stored, open: async () => (stored.size === 0 ? Readable.from([]) : createReadStream(file, { start: offset, end: offset + stored.size - 1 })) };
        }
      },
    };
    const { kind: _kind, ...summary } = indexed.end;
    return { source, summary, close: () => handle.close() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
