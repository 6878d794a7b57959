import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type stream from "node:stream";
import { pipeline } from "node:stream/promises";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { type Kysely, sql } from "kysely";
import type { DB, UploadPurpose } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { isDiskFull } from "../../storage/local-storage.ts";
import { type Storage, StorageFullError, deleteLeftover } from "../../storage/storage.ts";

/** Thrown through @tus/server as its response: status and a JSON error body. */
export interface TusResponseError {
  status_code: number;
  body: string;
}

export function tusError(status: number, code: string, message: string): TusResponseError {
  return { status_code: status, body: JSON.stringify({ error: { code, message } }) };
}

const partKey = (id: string, offset: number) => `${id}/part-${String(offset).padStart(12, "0")}`;
export const sourceKeyOf = (id: string) => `${id}/source`;

/** Checks the first bytes of an upload; throws a TusResponseError to refuse it. */
export type FirstBytesCheck = (purpose: UploadPurpose, head: Buffer) => void;

/**
 * A tus data store whose state every server instance shares (decision 090): the upload's row
 * (owner, purpose, size, offset, parts) in PostgreSQL, its bytes as one object per PATCH in the
 * private "uploads" bucket of the configured storage (local directory or S3). A PATCH that any
 * instance receives appends a part and moves the offset with one conditional UPDATE, so two
 * instances can never both accept bytes at the same offset. Bytes that arrived before a dropped
 * connection are kept, which is what lets the client resume where it stopped.
 */
export class StorageUploadStore extends DataStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly storage: Storage,
    private readonly options: { expiryMs: number; logger: Logger; checkFirstBytes: FirstBytesCheck },
  ) {
    super();
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
  }

  override async create(upload: Upload): Promise<Upload> {
    const metadata = upload.metadata ?? {};
    const now = new Date();
    await this.db
      .insertInto("media_uploads")
      .values({
        id: upload.id,
        user_id: metadata.userId!,
        purpose: metadata.purpose as UploadPurpose,
        product_id: metadata.productId ?? null,
        size: upload.size ?? null,
        metadata: JSON.stringify(metadata),
        parts: JSON.stringify([]),
        created_at: now,
        expires_at: new Date(now.getTime() + this.options.expiryMs),
      })
      .execute();
    upload.creation_date = now.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.db.selectFrom("media_uploads").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size === null ? undefined : Number(row.size),
      offset: Number(row.upload_offset),
      metadata: row.metadata,
      creation_date: new Date(row.created_at as unknown as string | Date).toISOString(),
    });
  }

  /** Who owns an upload and what it is for (the routes check the owner on every request). */
  async describe(id: string) {
    return this.db.selectFrom("media_uploads").select(["user_id", "purpose", "product_id", "status", "parts", "size", "upload_offset"]).where("id", "=", id).executeTakeFirst();
  }

  override async write(readable: stream.Readable, id: string, offset: number): Promise<number> {
    const row = await this.describe(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    const dir = path.join(os.tmpdir(), "reelmart-uploads");
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `${id}-${offset}-${randomBytes(4).toString("hex")}`);
    let streamError: unknown;
    try {
      await pipeline(readable, createWriteStream(temp));
    } catch (error) {
      // A dropped connection: keep what arrived, so the client resumes from there.
      streamError = error;
    }
    try {
      if (isDiskFull(streamError)) throw new StorageFullError(streamError);
      // What reached the file, not what was read off the socket: a write stream destroyed by a
      // dropped connection drops the chunks it still held, and the offset must count only bytes kept.
      const received = await sizeOf(temp);
      if (received === 0) {
        if (streamError) throw ERRORS.FILE_WRITE_ERROR;
        return offset;
      }
      const head = await readHead(temp, 64);
      if (offset === 0 && head.length >= 16) {
        try {
          this.options.checkFirstBytes(row.purpose, head);
        } catch (refusal) {
          await this.remove(id);
          throw refusal;
        }
      }
      const key = partKey(id, offset);
      await this.storage.putFile("uploads", key, temp, { contentType: "application/octet-stream" });
      const moved = await sql<{ upload_offset: string }>`
        update media_uploads set upload_offset = upload_offset + ${received}, parts = parts || to_jsonb(${offset}::bigint)
        where id = ${id} and upload_offset = ${offset} and status = 'uploading'
        returning upload_offset`.execute(this.db);
      if (!moved.rows[0]) {
        // Another request (on this or another instance) got there first: its bytes stand.
        await deleteLeftover(this.storage, "uploads", key, this.options.logger);
        throw ERRORS.INVALID_OFFSET;
      }
      return Number(moved.rows[0].upload_offset);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Takes the last part back out of the offset (its bytes stay and are written again under the same
   * key): an upload whose finishing failed on the server's side reads as unfinished, so the client's
   * retry sends the last part again and the finishing runs again, instead of HEAD reporting an
   * upload complete that never finished.
   */
  async rewindLastPart(id: string): Promise<void> {
    // Parts are appended in offset order: the last element is the last part.
    await sql`
      update media_uploads set upload_offset = (parts ->> -1)::bigint, parts = parts - -1
      where id = ${id} and status = 'uploading' and jsonb_array_length(parts) > 0`.execute(this.db);
  }

  override async remove(id: string): Promise<void> {
    const row = await this.db.deleteFrom("media_uploads").where("id", "=", id).returning(["parts"]).executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.deleteParts(id, row.parts);
  }

  async deleteParts(id: string, parts: number[]): Promise<void> {
    await Promise.all(parts.map((offset) => deleteLeftover(this.storage, "uploads", partKey(id, offset), this.options.logger)));
  }

  /** Joins the parts into one local file, in order (the caller removes it). */
  async assemble(id: string, parts: number[], file: string): Promise<void> {
    const handle = await open(file, "w");
    try {
      for (const offset of [...parts].sort((a, b) => a - b)) {
        const out = createWriteStream("", { fd: handle.fd, autoClose: false, start: offset });
        await pipeline(await this.storage.read("uploads", partKey(id, offset)), out);
      }
    } finally {
      await handle.close();
    }
  }

  /** Copies a local file in as an upload's assembled original, then drops its parts. */
  async storeSource(id: string, parts: number[], file: string): Promise<string> {
    const key = sourceKeyOf(id);
    await this.storage.putFile("uploads", key, file, { contentType: "application/octet-stream" });
    await this.deleteParts(id, parts);
    return key;
  }

  override async deleteExpired(): Promise<number> {
    const expired = await this.db
      .selectFrom("media_uploads")
      .select("id")
      .where("status", "=", "uploading")
      .where("expires_at", "<", new Date())
      .limit(500)
      .execute();
    let removed = 0;
    for (const { id } of expired) {
      try {
        await this.remove(id);
        removed++;
      } catch (error) {
        if (error !== ERRORS.FILE_NOT_FOUND) this.options.logger.warn({ err: error, uploadId: id }, "expired upload not removed");
      }
    }
    return removed;
  }

  override getExpiration(): number {
    return this.options.expiryMs;
  }
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    // A connection that dropped before its first byte may leave no file at all.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}

/** Streams a stored file into memory only as far as `bytes` (for sniffing the head of a part). */
export async function readHead(file: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of createReadStream(file, { start: 0, end: bytes - 1 })) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= bytes) break;
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}
