// Video thumbnails (001 §4 "Video item thumbnails", §8 "Thumbnail generation", §9).

export const THUMBNAIL_CACHE_VERSION = "v1";
export const THUMBNAIL_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const THUMBNAIL_JPEG_QUALITY = 0.7;
export const THUMBNAIL_FRAME_TIME_S = 1;
export const THUMBNAIL_METADATA_TIMEOUT_MS = 10_000;
export const THUMBNAIL_PRUNE_MIN_ENTRIES = 5;
export const THUMBNAIL_BATCH_SIZE = 3;
export const THUMBNAIL_EAGER_COUNT = 6;

/** Videos our media pipeline produced carry a poster next to them. */
export function isOptimizedVideoUrl(url: string): boolean {
  return url.includes("/optimized-") || url.includes("/processed-");
}

/** The poster of an optimized video: the file extension swapped for -thumbnail.jpg; null otherwise. */
export function optimizedThumbnailUrl(url: string): string | null {
  if (!isOptimizedVideoUrl(url)) return null;
  const queryAt = url.search(/[?#]/);
  const path = queryAt >= 0 ? url.slice(0, queryAt) : url;
  const rest = queryAt >= 0 ? url.slice(queryAt) : "";
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  const stem = dot > slash ? path.slice(0, dot) : path;
  return `${stem}-thumbnail.jpg${rest}`;
}

/** The poster a video has without capturing a frame: the pipeline's own, else the optimized-URL convention's. */
export function knownVideoPoster(video: { url: string; thumbnailUrl: string | null }): string | null {
  return video.thumbnailUrl ?? optimizedThumbnailUrl(video.url);
}

export interface ThumbnailCacheEntry {
  dataUrl: string;
  createdAt: number;
}

export interface ThumbnailCache {
  version: typeof THUMBNAIL_CACHE_VERSION;
  entries: Record<string, ThumbnailCacheEntry>;
}

/** Parses the stored cache, dropping a cache of another version and entries past 30 days. */
export function readThumbnailCache(raw: string | null, now: number): ThumbnailCache {
  const empty: ThumbnailCache = { version: THUMBNAIL_CACHE_VERSION, entries: {} };
  if (!raw) return empty;
  try {
    const parsed = JSON.parse(raw) as Partial<ThumbnailCache>;
    if (parsed.version !== THUMBNAIL_CACHE_VERSION || typeof parsed.entries !== "object" || !parsed.entries) return empty;
    const entries: Record<string, ThumbnailCacheEntry> = {};
    for (const [url, entry] of Object.entries(parsed.entries)) {
      if (typeof entry?.dataUrl === "string" && typeof entry.createdAt === "number" && now - entry.createdAt < THUMBNAIL_CACHE_TTL_MS) {
        entries[url] = entry;
      }
    }
    return { version: THUMBNAIL_CACHE_VERSION, entries };
  } catch {
    // swallowed: a cache that is not ours (an old version, a torn write) starts empty.
    return empty;
  }
}

/**
 * On a storage quota error the oldest half of the entries is dropped, but only when there are at
 * least 5 (001 §8); returns null when the cache is too small to prune.
 */
export function pruneOldestHalf(cache: ThumbnailCache): ThumbnailCache | null {
  const list = Object.entries(cache.entries);
  if (list.length < THUMBNAIL_PRUNE_MIN_ENTRIES) return null;
  list.sort(([, a], [, b]) => a.createdAt - b.createdAt);
  return { version: cache.version, entries: Object.fromEntries(list.slice(Math.floor(list.length / 2))) };
}
