import { describe, expect, it } from "vitest";
import { THUMBNAIL_CACHE_TTL_MS, isOptimizedVideoUrl, optimizedThumbnailUrl, pruneOldestHalf, readThumbnailCache } from "./thumbnails.ts";

describe("optimizedThumbnailUrl", () => {
  it("swaps the extension for -thumbnail.jpg on optimized and processed URLs", () => {
    expect(optimizedThumbnailUrl("/media/videos/optimized-abc-480p.mp4")).toBe("/media/videos/optimized-abc-480p-thumbnail.jpg");
    expect(optimizedThumbnailUrl("https://cdn.x/processed-clip.webm?v=2")).toBe("https://cdn.x/processed-clip-thumbnail.jpg?v=2");
  });
  it("leaves other videos to on-device capture", () => {
    expect(isOptimizedVideoUrl("https://cdn.x/raw/clip.mp4")).toBe(false);
    expect(optimizedThumbnailUrl("https://cdn.x/raw/clip.mp4")).toBeNull();
  });
});

describe("thumbnail cache", () => {
  const now = 10 * THUMBNAIL_CACHE_TTL_MS;
  it("drops other versions, garbage and entries past 30 days", () => {
    expect(readThumbnailCache('{"version":"v0","entries":{"a":{"dataUrl":"x","createdAt":1}}}', now).entries).toEqual({});
    expect(readThumbnailCache("not json", now).entries).toEqual({});
    const raw = JSON.stringify({ version: "v1", entries: { old: { dataUrl: "x", createdAt: now - THUMBNAIL_CACHE_TTL_MS }, fresh: { dataUrl: "y", createdAt: now - 1 } } });
    expect(Object.keys(readThumbnailCache(raw, now).entries)).toEqual(["fresh"]);
  });
  it("prunes the oldest half only with at least 5 entries", () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, { dataUrl: "d", createdAt: i }]));
    expect(pruneOldestHalf({ version: "v1", entries: entries(4) })).toBeNull();
    expect(Object.keys(pruneOldestHalf({ version: "v1", entries: entries(6) })!.entries)).toEqual(["u3", "u4", "u5"]);
  });
});
