// Read-model store: the public cache (docs/read-path.md).
// Holds:     whole answers of anonymous public GETs (catalogue API, feed pages with a seed, share
//            pages' HTML) by normalised URL, with their gzip and ETag; 32 MB, fresh 2 s (share pages 30 s).
// Filled by: the first anonymous request for a URL (publicCacheMiddleware stores what the route sent).
// Dropped:   all of it on PUBLIC_CACHE_CHANNEL, from migration 0002's statement triggers on every
//            catalogue table; all on a missed notification. Counters are not notified: they lag by the TTL.
// Equal SQL: read-model/public-cache.test.ts; read-model/read-model.property.test.ts.

import type { Context, MiddlewareHandler, Next } from "hono";
import type { Database } from "../db/database.ts";
import { type Body, type Piece, digestOf, gzipPieces, joinPieces, lengthOf, ownBytesOf, piecesOf } from "../http/body-pieces.ts";
import { type AppEnv, getViewer } from "../http/viewer.ts";

// An in-process read cache for anonymous, public catalogue and feed GETs
// (docs/decisions/030-public-read-cache.md). Entries are whole response bodies keyed by the
// normalised URL. Database triggers pg_notify PUBLIC_CACHE_CHANNEL on every write that changes such
// a response (engagement counters excepted), and every instance clears its cache on it; the TTL
// bounds how long counters in cached bodies lag behind.

/**
 * The pages whose HTML carries a head of their own (modules/share-pages), the same for every viewer.
 * Not the home page, whose first feed page has a seed of its own (decision 183).
 */
export const SHARE_PAGE_PATHS = [/^\/(?:product|purchase|product-profile|brand-shop|v)\/[^/]+$/];

/** Trigger-fed channel (migration 0002_public_cache_notify): any payload clears every entry. */
export const PUBLIC_CACHE_CHANNEL = "public_cache";

/** Anonymous GETs whose response depends only on the URL and the catalogue. */
const PUBLIC_PATHS = [
  // The server-rendered share pages (decision 160): the app shell with the page's own head.
  ...SHARE_PAGE_PATHS,
  /^\/api\/products$/,
  /^\/api\/products\/[^/]+$/, // by id, and /products/batch
  /^\/api\/brands(?:\/[^/]+)?$/,
  /^\/api\/categories$/,
  /^\/api\/marketplaces$/,
  /^\/api\/search$/,
  /^\/api\/feed$/,
];

/** Responses smaller than this go out uncompressed (as with hono's compress middleware). */
export const GZIP_THRESHOLD = 1024;

export interface PublicCacheOptions {
  /** How long an entry is served as is. */
  freshMs: number;
  /** After that, how long it is still served while one background request refreshes it. */
  staleMs: number;
  /** Bound on the bodies held (identity and gzip). */
  maxBytes: number;
  now?: () => number;
}

export const DEFAULT_PUBLIC_CACHE_OPTIONS: PublicCacheOptions = { freshMs: 2000, staleMs: 3000, maxBytes: 32 * 1024 * 1024 };

interface Entry {
  /** The body, as pieces when it shares some with other entries (a share page's shell, decision 181). */
  pieces: readonly Piece[];
  /** The body's length in bytes. */
  length: number;
  /** What the entry holds itself, counted against maxBytes: its own pieces and their gzip. */
  heldBytes: number;
  gzip?: readonly Piece[];
  etag: string;
  contentType: string;
  storedAt: number;
  /** How long it is served as is (the cache's freshMs unless its store said otherwise). */
  freshMs: number;
  generation: number;
}

export class PublicCache {
  // Map iteration order is insertion order: re-inserting on every hit makes it an LRU.
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private currentGeneration = 0;
  readonly options: PublicCacheOptions;
  private readonly now: () => number;

  constructor(options: Partial<PublicCacheOptions> = {}) {
    this.options = { ...DEFAULT_PUBLIC_CACHE_OPTIONS, ...options };
    this.now = this.options.now ?? Date.now;
  }

  /** Bumped by clear(): a response computed across a write is not stored. */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  lookup(key: string): { entry: Entry; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    if (age >= entry.freshMs + this.options.staleMs) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { entry, fresh: age < entry.freshMs };
  }

  /** Stores a 200 body computed while the cache was at `generation`; false when a write intervened. */
  store(key: string, body: Body, contentType: string, generation: number, freshMs = this.options.freshMs): Entry | undefined {
    const pieces = piecesOf(body);
    const heldBytes = ownBytesOf(pieces);
    if (generation !== this.currentGeneration || heldBytes > this.options.maxBytes / 8) return undefined;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const entry: Entry = { pieces, length: lengthOf(pieces), heldBytes, etag: etagOf(pieces), contentType, storedAt: this.now(), freshMs, generation };
    this.entries.set(key, entry);
    this.bytes += heldBytes;
    this.evict();
    return entry;
  }

  /** The gzip variant (as pieces), made on first demand and counted against maxBytes. */
  gzip(key: string, entry: Entry): readonly Piece[] {
    if (!entry.gzip) {
      entry.gzip = gzipPieces(entry.pieces);
      const added = ownBytesOf(entry.gzip);
      entry.heldBytes += added;
      if (this.entries.get(key) === entry) {
        this.bytes += added;
        this.evict();
      }
    }
    return entry.gzip;
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.heldBytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) return;
      this.remove(key, entry);
    }
  }
}

/**
 * The ETag of a shared answer: a hash of its bytes (of a shared piece's digest in its place), so
 * every instance gives equal answers the same tag.
 */
export function etagOf(body: Body): string {
  return `"${digestOf(piecesOf(body)).toString("base64url")}"`;
}

/** A cache that every instance clears when the database reports a public catalogue change. */
export async function createPublicCache(database: Database, options: Partial<PublicCacheOptions> = {}) {
  const cache = new PublicCache(options);
  const stopListening = await database.listen(
    PUBLIC_CACHE_CHANNEL,
    () => cache.clear(),
    () => cache.clear(),
  );
  const unlisten = async () => {
    // Without notifications nothing may be served from memory any longer.
    cache.clear();
    await stopListening();
  };
  return { cache, unlisten };
}

/** The cache key: path plus the query in a canonical order, so equal requests share an entry. */
export function cacheKey(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Whether an anonymous GET of `url` may be shared: a public path (the feed only with a seed). */
export function isPublicUrl(url: URL): boolean {
  if (!PUBLIC_PATHS.some((pattern) => pattern.test(url.pathname))) return false;
  // Without a seed the feed picks a random one per request: each answer is meant to differ.
  return url.pathname !== "/api/feed" || url.searchParams.has("seed");
}

function isPublicRequest(c: Context<AppEnv>, url: URL): boolean {
  return c.req.method === "GET" && getViewer(c) === null && isPublicUrl(url);
}

/** Only plain public 200 JSON (or a share page's HTML) is shared; a handler opts out with Cache-Control private/no-store. */
function isShareable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie") || response.headers.has("content-encoding")) return false;
  if (/private|no-store/i.test(response.headers.get("cache-control") ?? "")) return false;
  return /^(?:application\/json|text\/html)\b/.test(response.headers.get("content-type") ?? "");
}

/** Whether an If-None-Match header names `etag` (weakly or not) or any. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === etag || tag === `W/${etag}` || tag === "*");
}

/** Whether an Accept-Encoding header takes gzip (as hono's compress middleware decides). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && /\bgzip\b/i.test(acceptEncoding);
}

/**
 * A cached answer as status, headers and body, the body in pieces (written one after another, never
 * copied into one buffer by the fast lane); shared by the middleware and the fast lane (decision 111).
 */
export function cachedAnswer(
  cache: PublicCache,
  key: string,
  entry: Entry,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): { status: 200 | 304; headers: Record<string, string>; body: readonly Piece[] | null } {
  const headers: Record<string, string> = {
    "content-type": entry.contentType,
    etag: entry.etag,
    // Browsers and proxies revalidate every time (a 304 from this cache is cheap), and never reuse
    // an anonymous answer for a request with credentials.
    "cache-control": "public, no-cache",
    vary: "Accept-Encoding, Authorization, Cookie",
  };
  if (matchesEtag(request.ifNoneMatch, entry.etag)) return { status: 304, headers, body: null };
  if (entry.length >= GZIP_THRESHOLD && acceptsGzip(request.acceptEncoding)) {
    const gzip = cache.gzip(key, entry);
    return { status: 200, headers: { ...headers, "content-encoding": "gzip", "content-length": String(lengthOf(gzip)) }, body: gzip };
  }
  return { status: 200, headers: { ...headers, "content-length": String(entry.length) }, body: entry.pieces };
}

function respond(c: Context<AppEnv>, cache: PublicCache, key: string, entry: Entry): Response {
  const answer = cachedAnswer(cache, key, entry, { ifNoneMatch: c.req.header("if-none-match"), acceptEncoding: c.req.header("accept-encoding") });
  return answer.body ? c.body(joinPieces(answer.body) as Uint8Array<ArrayBuffer>, 200, answer.headers) : c.body(null, answer.status, answer.headers);
}

export interface PublicCacheMiddlewareOptions {
  /** Runs a request through the whole app, for background refreshes of stale entries. */
  fetch: (request: Request) => Promise<Response> | Response;
  /** Background refreshes at once; beyond that stale entries wait (bounded by staleMs). */
  maxRefreshes?: number;
  /** How long the entries it stores are fresh, when not the cache's freshMs (share pages, decision 181). */
  freshMs?: number;
}

/**
 * Serves anonymous public GETs from `cache`. Must run after the session middleware (it needs the
 * viewer). Concurrent misses for one key share one handler run; a stale entry is served while a
 * background request refreshes it, so expiry does not stall the requests that find it.
 */
export function publicCacheMiddleware(cache: PublicCache, options: PublicCacheMiddlewareOptions): MiddlewareHandler<AppEnv> {
  const pending = new Map<string, Promise<Entry | undefined>>();
  const refreshing = new Set<string>();
  const refreshRequests = new WeakSet<Request>();
  const maxRefreshes = options.maxRefreshes ?? 2;

  function refresh(key: string, url: string) {
    if (refreshing.has(key) || pending.has(key) || refreshing.size >= maxRefreshes) return;
    refreshing.add(key);
    const request = new Request(url);
    refreshRequests.add(request);
    void Promise.resolve()
      .then(() => options.fetch(request))
      .then((response) => response.body?.cancel())
      .catch(() => {
        // swallowed: app.fetch answers a failing handler with a logged 5xx, so little lands here; the entry
        // simply expires and the next request computes it.
      })
      .finally(() => refreshing.delete(key));
  }

  return async (c: Context<AppEnv>, next: Next) => {
    const url = new URL(c.req.url);
    if (!isPublicRequest(c, url)) return next();
    const key = cacheKey(url);
    const isRefresh = refreshRequests.has(c.req.raw);

    if (!isRefresh) {
      const hit = cache.lookup(key);
      if (hit) {
        if (!hit.fresh) refresh(key, c.req.url);
        return respond(c, cache, key, hit.entry);
      }
      const shared = await pending.get(key);
      if (shared && shared.generation === cache.generation) return respond(c, cache, key, shared);
    }

    const generation = cache.generation;
    let settle: (entry: Entry | undefined) => void = () => {};
    const leads = !pending.has(key);
    if (leads) pending.set(key, new Promise((resolve) => (settle = resolve)));
    let entry: Entry | undefined;
    try {
      await next();
      const computed = c.res;
      if (isShareable(computed)) {
        // A body made of shared pieces is held as those (a share page, decision 181); any other is read.
        const pieces = c.get("bodyPieces");
        if (pieces) await computed.body?.cancel();
        const body = pieces ?? new Uint8Array(await computed.arrayBuffer());
        entry = cache.store(key, body, computed.headers.get("content-type")!, generation, options.freshMs);
        // Unset first: assigning over a response makes hono wrap the old one's (consumed) body.
        c.res = undefined;
        // Not stored (a write happened meanwhile): answer with what was computed, uncached.
        c.res = entry ? respond(c, cache, key, entry) : new Response(joinPieces(piecesOf(body)) as Uint8Array<ArrayBuffer>, { status: computed.status, headers: computed.headers });
      }
    } finally {
      settle(entry);
      if (leads) pending.delete(key);
    }
  };
}
