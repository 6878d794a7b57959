import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { FeedQuerySchema } from "@reelmart/core/api/feed";
import { carriesSessionCredentials } from "../modules/auth/session-middleware.ts";
import type { FeedMemory } from "../modules/feed/feed.memory.ts";
import { feedPageJsonFromMemory } from "../modules/feed/feed.service.ts";
import { type Metrics, PUBLIC_CACHE_ROUTE } from "./metrics.ts";
import { GZIP_THRESHOLD, type PublicCache, cacheKey, cachedAnswer, isPublicUrl } from "./public-cache.ts";
import type { SecurityHeaders } from "./security-headers.ts";

// The fast lane (docs/decisions/111-fast-lane.md): anonymous GETs whose answer is already in memory
// (a fresh public-cache entry, API JSON or a share page's HTML, or a feed page whose order and
// cards are held) are written straight
// to node's response, before the framework turns the request into a Request and runs its
// middleware. Anything else, including every error, every stale entry and every signed-in request,
// goes on to the app unchanged, so the lane can only answer what the app would answer the same.

export interface FastLaneParts {
  publicCache?: PublicCache;
  feedMemory?: FeedMemory;
  /** The app's security headers, which its middleware would have set (docs/security.md). */
  securityHeaders: SecurityHeaders;
  /** Counts what the lane answers, as the app's metrics middleware would (one counter and one histogram update). */
  metrics?: Metrics;
}

/** `next` wrapped so that what memory can answer at once never reaches it. */
export function withFastLane(parts: FastLaneParts, next: RequestListener): RequestListener {
  if (!parts.publicCache && !parts.feedMemory) return next;
  return (request, response) => {
    const started = performance.now();
    const route = answer(parts, request, response);
    if (route) parts.metrics?.recordRequest("GET", route, response.statusCode, (performance.now() - started) / 1000);
    else next(request, response);
  };
}

/** What the app's outer middleware adds to every answer: a request id and the security headers. */
function send(parts: FastLaneParts, response: ServerResponse, path: string, status: number, headers: OutgoingHttpHeaders, body: Uint8Array | null) {
  const all: OutgoingHttpHeaders = { ...headers, "x-request-id": randomUUID() };
  for (const [name, value] of parts.securityHeaders.headersFor(path)) all[name.toLowerCase()] = value;
  response.writeHead(status, all);
  response.end(body);
}

/** The route label of what the lane answered, or null when the app must answer. */
function answer(parts: FastLaneParts, request: IncomingMessage, response: ServerResponse): string | null {
  const target = request.url;
  if (request.method !== "GET" || !target) return null;
  if (carriesSessionCredentials(request.headers.authorization, request.headers.cookie)) return null;
  const url = new URL(target, "http://lane");
  const acceptEncoding = request.headers["accept-encoding"];

  if (parts.publicCache && isPublicUrl(url)) {
    const key = cacheKey(url);
    const hit = parts.publicCache.lookup(key);
    // A stale entry goes to the middleware, which serves it and starts the refresh.
    if (hit?.fresh) {
      const cached = cachedAnswer(parts.publicCache, key, hit.entry, { ifNoneMatch: request.headers["if-none-match"], acceptEncoding });
      send(parts, response, url.pathname, cached.status, cached.headers, cached.body);
      return PUBLIC_CACHE_ROUTE;
    }
  }

  if (parts.feedMemory && url.pathname === "/api/feed") {
    const query = FeedQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return null;
    const page = feedPageJsonFromMemory(parts.feedMemory, query.data);
    if (page === undefined) return null;
    const body = Buffer.from(page);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "cache-control": "no-cache",
      vary: "Accept-Encoding, Authorization, Cookie",
    };
    const gzip = body.byteLength >= GZIP_THRESHOLD && /\bgzip\b/i.test(acceptEncoding ?? "");
    const sent = gzip ? gzipSync(body) : body;
    if (gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = String(sent.byteLength);
    send(parts, response, url.pathname, 200, headers, sent);
    return "/api/feed";
  }
  return null;
}
