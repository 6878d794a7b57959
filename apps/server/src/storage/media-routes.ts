import { Readable } from "node:stream";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { AVATAR_CACHE_CONTROL_SECONDS } from "@reelmart/core/constants";
import { Hono } from "hono";
import { errorBody } from "../http/errors.ts";
import { BUCKETS, type ByteRange, type PublicBucket, type Storage, isValidKey } from "./storage.ts";

// product-media keys are content-addressed (a hash in the name), so they never change in place.
const CACHE_CONTROL: Record<PublicBucket, string> = {
  "product-media": "public, max-age=31536000, immutable",
  avatars: `public, max-age=${AVATAR_CACHE_CONTROL_SECONDS}`,
};

/**
 * Serves stored objects at /media/<bucket>/<key> with Range (206), ETag and conditional requests.
 * The /api/media/{id}/... routes live with the module whose data they move: docs/architecture.md,
 * "Media routes", lists every one with its file.
 */
export function createMediaRoutes(storage: Storage): Hono {
  const app = new Hono();
  app.on(["GET", "HEAD"], "/:bucket/*", async (c) => {
    const bucket = c.req.param("bucket") as PublicBucket;
    const key = c.req.path.slice(`/media/${bucket}/`.length);
    const notFound = () => c.json(errorBody(ERROR_CODES.notFound, "No such file"), 404);
    if (!BUCKETS.includes(bucket) || !isValidKey(key)) return notFound();
    const info = await storage.head(bucket, key);
    if (!info) return notFound();

    const headers: Record<string, string> = {
      "Content-Type": info.contentType,
      ETag: info.etag,
      "Last-Modified": info.lastModified.toUTCString(),
      "Cache-Control": CACHE_CONTROL[bucket],
      "Accept-Ranges": "bytes",
    };
    if (c.req.header("if-none-match") === info.etag) return c.body(null, 304, headers);

    const rangeHeader = c.req.header("range");
    let range: ByteRange | undefined;
    if (rangeHeader) {
      range = parseRange(rangeHeader, info.size);
      if (!range) return c.body(null, 416, { ...headers, "Content-Range": `bytes */${info.size}` });
    }
    const length = range ? range.end - range.start + 1 : info.size;
    headers["Content-Length"] = String(length);
    if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
    const status = range ? 206 : 200;
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    const stream = await storage.read(bucket, key, range);
    return c.body(Readable.toWeb(stream) as ReadableStream, status, headers);
  });
  return app;
}

/** A single byte range (the form browsers send for media); multi-range requests are served whole. */
export function parseRange(header: string, size: number): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || size === 0) return undefined;
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") return undefined;
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0) return undefined;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  if (start > end || start >= size) return undefined;
  return { start, end };
}
