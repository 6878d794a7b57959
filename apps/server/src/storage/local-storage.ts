import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Bucket, type ByteRange, type PutOptions, type Storage, type StoredObjectInfo, isValidKey } from "./storage.ts";

interface Sidecar {
  contentType: string;
  etag: string;
  cacheControl?: string;
}

/** Files under DATA_DIR/storage/<bucket>/<key>, with a JSON sidecar holding type and ETag. */
export function createLocalStorage(root: string): Storage {
  function filePath(bucket: Bucket, key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, bucket, key);
  }
  const sidecarPath = (file: string) => `${file}.meta.json`;

  async function writeSidecar(file: string, options: PutOptions) {
    const hash = createHash("sha1");
    await pipeline(createReadStream(file), hash);
    const sidecar: Sidecar = { contentType: options.contentType, etag: `"${hash.digest("hex")}"`, cacheControl: options.cacheControl };
    await writeFile(sidecarPath(file), JSON.stringify(sidecar));
  }

  return {
    async put(bucket, key, body, options) {
      const file = filePath(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
      await rename(temp, file);
      await writeSidecar(file, options);
    },
    async putFile(bucket, key, source, options) {
      const file = filePath(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(source, file);
      await writeSidecar(file, options);
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
