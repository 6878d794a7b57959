import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Bump when a generator's output changes for the same inputs (new filter graph, sizes, codec
 * settings): old entries are then simply never looked up again.
 */
export const MEDIA_GENERATOR_VERSION = 1;

const COMPLETE_MARKER = ".complete";

export interface MediaCacheStats {
  hits: number;
  misses: number;
}

/**
 * A content-addressed directory cache for generated media: an entry is a directory named by the
 * hash of (generator version, inputs) holding the files one generation produced. Fresh data
 * directories, test files and restarts reuse entries instead of re-encoding. Entries are written
 * to a temporary directory and renamed into place, so a reader never sees a half-written entry and
 * two processes racing on one key both end up with a complete copy.
 */
export class MediaCache {
  readonly stats: MediaCacheStats = { hits: 0, misses: 0 };
  constructor(readonly dir: string) {}

  static keyOf(inputs: unknown): string {
    return createHash("sha256").update(JSON.stringify({ generator: MEDIA_GENERATOR_VERSION, inputs })).digest("hex");
  }

  /** The entry directory for `inputs`, generating it with `produce(tempDir)` on a miss. */
  async getOrCreate(inputs: unknown, produce: (dir: string) => Promise<void>): Promise<string> {
    const key = MediaCache.keyOf(inputs);
    const entry = path.join(this.dir, key.slice(0, 2), key);
    if (existsSync(path.join(entry, COMPLETE_MARKER))) {
      this.stats.hits++;
      return entry;
    }
    this.stats.misses++;
    const temp = `${entry}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
    await mkdir(temp, { recursive: true });
    try {
      await produce(temp);
      await writeFile(path.join(temp, COMPLETE_MARKER), JSON.stringify({ inputs, createdAt: new Date().toISOString() }));
      // A directory without the marker (an interrupted manual copy) is replaced; a complete entry
      // written meanwhile by another process wins and ours is discarded.
      if (existsSync(entry) && !existsSync(path.join(entry, COMPLETE_MARKER))) await rm(entry, { recursive: true, force: true });
      try {
        await rename(temp, entry);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
      }
      return entry;
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }
}
