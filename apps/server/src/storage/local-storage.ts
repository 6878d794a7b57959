import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Bucket, type ByteRange, type PutOptions, type Storage, StorageFullError, type StoredObjectInfo, isValidKey } from "./storage.ts";

interface Sidecar {
  contentType: string;
  etag: string;
  cacheControl?: string;
}

/** The filesystem's words for "no room": the disk is full (ENOSPC) or the user's quota is (EDQUOT). */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/**
 * Room the driver leaves free on its disk. The embedded database lives on the same disk (DATA_DIR),
 * and PostgreSQL meeting a full disk when it needs a new WAL segment PANICs: in PGlite every later
 * query then hangs until the process is restarted (measured; decision 222). Uploads are what fills a
 * shop's disk, so they are refused while the database still has room for several segments (16 MB).
 */
const RESERVED_BYTES = 64 * 1024 * 1024;

/**
 * Files under DATA_DIR/storage/<bucket>/<key>, with a JSON sidecar holding type and ETag. A write
 * goes to temporaries that are renamed into place only when whole, so a full disk (StorageFullError,
 * decision 222) or a crash leaves no part of a file that a read would serve as complete; a file
 * without its sidecar is no object.
 */
export function createLocalStorage(root: string): Storage {
  function filePath(bucket: Bucket, key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, bucket, key);
  }
  const sidecarPath = (file: string) => `${file}.meta.json`;

  async function sidecarOf(file: string, options: PutOptions): Promise<string> {
    const hash = createHash("sha1");
    await pipeline(createReadStream(file), hash);
    const sidecar: Sidecar = { contentType: options.contentType, etag: `"${hash.digest("hex")}"`, cacheControl: options.cacheControl };
    return JSON.stringify(sidecar);
  }

  async function checkRoom(file: string, bytes: number) {
    const disk = await statfs(path.dirname(file));
    if (disk.bavail * disk.bsize - bytes < RESERVED_BYTES) {
      throw new StorageFullError(new Error(`under ${RESERVED_BYTES / 1024 / 1024} MB would be left free on the disk of ${root}`));
    }
  }

  /** Writes the bytes (by `fill`) and the sidecar to temporaries (list() skips .tmp), then renames both into place. */
  async function writeWhole(bucket: Bucket, key: string, options: PutOptions, bytes: number, fill: (temp: string) => Promise<void>) {
    const file = filePath(bucket, key);
    const unique = `${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    const temp = `${file}.${unique}`;
    const sidecarTemp = `${sidecarPath(file)}.${unique}`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await checkRoom(file, bytes);
      await fill(temp);
      await writeFile(sidecarTemp, await sidecarOf(temp, options));
      await rename(temp, file);
      await rename(sidecarTemp, sidecarPath(file));
    } catch (error) {
      await Promise.all([rm(temp, { force: true }), rm(sidecarTemp, { force: true })]);
      throw isDiskFull(error) ? new StorageFullError(error) : error;
    }
  }

  return {
    async put(bucket, key, body, options) {
      // A stream's length is unknown until it has arrived: the reserve alone is checked.
      const bytes = Buffer.isBuffer(body) ? body.length : 0;
      await writeWhole(bucket, key, options, bytes, (temp) => pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp)));
    },
    async putFile(bucket, key, source, options) {
      await writeWhole(bucket, key, options, (await stat(source)).size, (temp) => copyFile(source, temp));
    },
    async head(bucket, key): Promise<StoredObjectInfo | null> {
      if (!isValidKey(key)) return null;
      const file = filePath(bucket, key);
      try {
        const [stats, sidecar] = await Promise.all([stat(file), readFile(sidecarPath(file), "utf8")]);
        const meta = JSON.parse(sidecar) as Sidecar;
        return { size: stats.size, contentType: meta.contentType, etag: meta.etag, lastModified: stats.mtime, cacheControl: meta.cacheControl };
      } catch (error) {
        // No such object; any other failure (permissions, a torn sidecar) is the caller's to answer, not a missing file.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async read(bucket, key, range?: ByteRange) {
      return createReadStream(filePath(bucket, key), range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(bucket, key) {
      const file = filePath(bucket, key);
      await rm(file, { force: true });
      await rm(sidecarPath(file), { force: true });
    },
    async *list(bucket) {
      const base = path.join(root, bucket);
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        // Sidecars and half-written temporaries are not objects; keys are relative, '/'-separated.
        const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (isValidKey(key) && !key.endsWith(".meta.json") && !key.endsWith(".tmp")) yield key;
      }
    },
    publicUrl(bucket, key) {
      return `/media/${bucket}/${key}`;
    },
  };
}
