import { STORAGE_KEYS } from "@reelmart/core/constants";
import {
  THUMBNAIL_BATCH_SIZE,
  THUMBNAIL_FRAME_TIME_S,
  THUMBNAIL_JPEG_QUALITY,
  THUMBNAIL_METADATA_TIMEOUT_MS,
  knownVideoPoster,
  pruneOldestHalf,
  readThumbnailCache,
} from "@reelmart/core/thumbnails";
import { useEffect, useState } from "react";

// Thumbnails for videos without a pipeline poster: a frame at 1 s captured on the device, at most 3
// captures at a time, cached in local storage (001 §4, §8, §9).

const queue: (() => Promise<void>)[] = [];
let running = 0;
const pending = new Map<string, Promise<string | null>>();

function pump() {
  while (running < THUMBNAIL_BATCH_SIZE && queue.length) {
    const job = queue.shift()!;
    running += 1;
    void job().finally(() => {
      running -= 1;
      pump();
    });
  }
}

function cached(url: string): string | null {
  try {
    return readThumbnailCache(localStorage.getItem(STORAGE_KEYS.thumbnailCache), Date.now()).entries[url]?.dataUrl ?? null;
  } catch {
    // swallowed: blocked storage is an empty cache.
    return null;
  }
}

function store(url: string, dataUrl: string) {
  let cache = readThumbnailCache(localStorage.getItem(STORAGE_KEYS.thumbnailCache), Date.now());
  cache.entries[url] = { dataUrl, createdAt: Date.now() };
  for (;;) {
    try {
      localStorage.setItem(STORAGE_KEYS.thumbnailCache, JSON.stringify(cache));
      return;
    } catch {
      // swallowed: quota exceeded: drop the oldest half and retry; with fewer than 5 entries give up caching.
      const pruned = pruneOldestHalf(cache);
      if (!pruned) return;
      cache = pruned;
    }
  }
}

/** Seeks a detached video to 1 s and draws that frame as a JPEG; null on any failure. */
function captureFrame(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    video.crossOrigin = "anonymous";
    video.muted = true;
    video.preload = "metadata";
    const finish = (result: string | null) => {
      clearTimeout(timeout);
      video.removeAttribute("src");
      video.load();
      resolve(result);
    };
    const timeout = setTimeout(() => finish(null), THUMBNAIL_METADATA_TIMEOUT_MS);
    video.addEventListener("loadedmetadata", () => {
      clearTimeout(timeout);
      video.currentTime = Math.min(THUMBNAIL_FRAME_TIME_S, video.duration || THUMBNAIL_FRAME_TIME_S);
    });
    video.addEventListener("seeked", () => {
      const canvas = document.createElement("canvas");
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext("2d");
      if (!context) return finish(null);
      try {
        context.drawImage(video, 0, 0);
        finish(canvas.toDataURL("image/jpeg", THUMBNAIL_JPEG_QUALITY));
      } catch {
        // swallowed: a frame the canvas may not read (cross-origin) is no thumbnail; the poster stays.
        finish(null);
      }
    });
    video.addEventListener("error", () => finish(null));
    video.src = url;
  });
}

function requestCapture(url: string): Promise<string | null> {
  const existing = pending.get(url);
  if (existing) return existing;
  const promise = new Promise<string | null>((resolve) => {
    queue.push(async () => {
      const dataUrl = await captureFrame(url);
      if (dataUrl) store(url, dataUrl);
      pending.delete(url);
      resolve(dataUrl);
    });
    pump();
  });
  pending.set(url, promise);
  return promise;
}

/**
 * The poster for a video: the pipeline's poster, the optimized-URL convention, a device-captured
 * frame (only once `capture` is true, so far cards cost nothing), else the product thumbnail.
 */
export function useVideoPoster(video: { url: string; thumbnailUrl: string | null }, productThumbnailUrl: string | null, capture: boolean): string | null {
  const known = knownVideoPoster(video);
  const [captured, setCaptured] = useState<{ url: string; dataUrl: string | null } | null>(null);
  const needsCapture = !known && capture;

  useEffect(() => {
    if (!needsCapture) return;
    let alive = true;
    const hit = cached(video.url);
    if (hit) {
      setCaptured({ url: video.url, dataUrl: hit });
      return;
    }
    void requestCapture(video.url).then((dataUrl) => {
      if (alive) setCaptured({ url: video.url, dataUrl });
    });
    return () => {
      alive = false;
    };
  }, [needsCapture, video.url]);

  if (known) return known;
  return (captured?.url === video.url ? captured.dataUrl : null) ?? productThumbnailUrl;
}
