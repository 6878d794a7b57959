import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { FeedQuerySchema } from "@reelmart/core/api/feed";
import { SearchQuerySchema } from "@reelmart/core/api/search";
import { carriesSessionCredentials } from "./modules/auth/session-middleware.ts";
import type { LiveCards } from "./read-model/live-cards.ts";
import type { CatalogueSource } from "./modules/catalog/products.service.ts";
import type { ProductAnswer, ProductAnswers } from "./read-model/product-answers.ts";
import type { FeedMemory } from "./read-model/feed-memory.ts";
import { feedPageBytesFromMemory } from "./modules/feed/feed.service.ts";
import type { SearchMemory } from "./read-model/search-memory.ts";
import { type SearchLog, decodeSearchCursor, searchBytesFromMemory } from "./modules/search/search.service.ts";
import { type Piece, bytesOf } from "./http/body-pieces.ts";
import { type Metrics, PUBLIC_CACHE_ROUTE } from "./http/metrics.ts";
import { GZIP_THRESHOLD, type PublicCache, acceptsGzip, cacheKey, cachedAnswer, isPublicUrl, matchesEtag } from "./read-model/public-cache.ts";
import type { SecurityHeaders } from "./http/security-headers.ts";

// The fast lane (docs/decisions/111-fast-lane.md): anonymous GETs whose answer is already in memory
// (a product page held as bytes (decision 107), a fresh public-cache entry, API JSON or a share
// page's HTML, a feed page whose order and cards are held, or a search ranked in memory, its page's
// cards held or read first (decision 145)) are written straight to node's response, before the framework turns the request into a Request and runs its
// middleware. Anything else, including every error, every stale entry and every signed-in request,
// goes on to the app unchanged, so the lane can only answer what the app would answer the same.

export interface FastLaneParts {
  publicCache?: PublicCache;
  feedMemory?: FeedMemory;
  productAnswers?: ProductAnswers;
  /**
   * The search index and result cards in memory (decisions 141, 142), the catalogue the route reads
   * cards not held from, and the log of searches the route keeps (decision 145).
   */
  search?: { memory: SearchMemory; catalogue: CatalogueSource & { cards: LiveCards }; log: SearchLog };
  /** The app's security headers, which its middleware would have set (docs/security.md). */
  securityHeaders: SecurityHeaders;
  /** Counts what the lane answers, as the app's metrics middleware would (one counter and one histogram update). */
  metrics?: Metrics;
}

/** `next` wrapped so that what memory can answer at once never reaches it. */
export function withFastLane(parts: FastLaneParts, next: RequestListener): RequestListener {
  if (!parts.publicCache && !parts.feedMemory && !parts.productAnswers && !parts.search) return next;
  const lane: Lane = { ...parts, securityByPath: new WeakMap(), headers: laneHeaders(parts.securityHeaders) };
  return (request, response) => {
    const started = performance.now();
    const answered = (route: string | null) => {
      if (route) parts.metrics?.recordRequest("GET", route, response.statusCode, (performance.now() - started) / 1000);
      else next(request, response);
    };
    const route = answer(lane, request, response);
    if (typeof route === "object" && route !== null) void route.then(answered, () => next(request, response));
    else answered(route);
  };
}

type Headers = Record<string, string>;

/** The lane's parts, the security headers of each path's list as node's header object, and the headers of the lane's own answers. */
type Lane = FastLaneParts & {
  securityByPath: WeakMap<readonly [string, string][], Headers>;
  headers: ReturnType<typeof laneHeaders>;
};

/** The security headers for `path` with lower-case names, as the app's middleware sets them. */
function securityFor(securityHeaders: SecurityHeaders, path: string): Headers {
  return Object.fromEntries(securityHeaders.headersFor(path).map(([name, value]) => [name.toLowerCase(), value]));
}

const VARY = "Accept-Encoding, Authorization, Cookie";

/**
 * The headers of each kind of answer the lane makes itself, one object per kind, reused: node's
 * writeHead turns the object into the header block at once and keeps no reference to it, and
 * building a dozen-field object per answer was ~12% of a product page's CPU in the lane (decision
 * 107). Fields set to "" are filled per answer, before writeHead; the x-request-id is new each time.
 */
function laneHeaders(securityHeaders: SecurityHeaders) {
  const kind = (path: string, fields: Headers): Headers => ({ ...fields, "x-request-id": "", ...securityFor(securityHeaders, path) });
  // As cachedAnswer gives a public-cache entry's bytes: the product page is the same for every anonymous visitor.
  const product = { "content-type": "application/json", etag: "", "cache-control": "public, no-cache", vary: VARY };
  const feed = { "content-type": "application/json", "cache-control": "no-cache", vary: VARY };
  return {
    search: kind(SEARCH_PATH, { ...feed, "content-length": "" }),
    searchGzip: kind(SEARCH_PATH, { ...feed, "content-encoding": "gzip", "content-length": "" }),
    product: kind(PRODUCT_PREFIX, { ...product, "content-length": "" }),
    productGzip: kind(PRODUCT_PREFIX, { ...product, "content-encoding": "gzip", "content-length": "" }),
    productNotModified: kind(PRODUCT_PREFIX, product),
    feed: kind(FEED_PATH, { ...feed, "content-length": "" }),
    feedGzip: kind(FEED_PATH, { ...feed, "content-encoding": "gzip", "content-length": "" }),
  };
}

/**
 * What the app's outer middleware adds to every answer: a request id and the security headers. The
 * body's pieces go out as they are held (a share page's shell is shared bytes, decision 181): corked,
 * they leave in one write, and no per-answer copy of the whole body is made.
 */
function send(lane: Lane, response: ServerResponse, path: string, status: number, headers: OutgoingHttpHeaders, body: readonly Piece[] | null) {
  const list = lane.securityHeaders.headersFor(path);
  let security = lane.securityByPath.get(list);
  if (!security) lane.securityByPath.set(list, (security = securityFor(lane.securityHeaders, path)));
  response.writeHead(status, { ...headers, "x-request-id": randomUUID(), ...security });
  if (!body || body.length === 1) return response.end(body && bytesOf(body[0]!));
  // end() uncorks the connection fully.
  response.cork();
  for (const piece of body) response.write(bytesOf(piece));
  response.end();
}

/** One of laneHeaders' objects, its per-answer fields already set, with a new request id. */
function sendWith(response: ServerResponse, status: number, headers: Headers, body: Uint8Array | null) {
  headers["x-request-id"] = randomUUID();
  response.writeHead(status, headers);
  response.end(body);
}

const FEED_PATH = "/api/feed";
const SEARCH_PATH = "/api/search";
/** The route label of GET /api/products/{id}, as the app's metrics middleware records it. */
const PRODUCT_ROUTE = "/api/products/:id";
const PRODUCT_PREFIX = "/api/products/";
const PRODUCT_PATH = /^\/api\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * A held product page (decision 107) with the headers the public cache middleware gives the same
 * bytes (cachedAnswer): only without a query string, the one request its bytes answer exactly.
 */
function sendProductAnswer(lane: Lane, request: IncomingMessage, response: ServerResponse, held: ProductAnswer) {
  if (matchesEtag(request.headers["if-none-match"], held.etag)) {
    const headers = lane.headers.productNotModified;
    headers.etag = held.etag;
    return sendWith(response, 304, headers, null);
  }
  const gzip = held.body.byteLength >= GZIP_THRESHOLD && acceptsGzip(request.headers["accept-encoding"]);
  const body = gzip ? lane.productAnswers!.gzip(held) : held.body;
  const headers = gzip ? lane.headers.productGzip : lane.headers.product;
  headers.etag = held.etag;
  headers["content-length"] = String(body.byteLength);
  sendWith(response, 200, headers, body);
}

/**
 * The route label of what the lane answered, or null when the app must answer; a promise of either
 * when the answer needs a read first (a search whose page has cards not held). A read that fails
 * leaves the request to the app, which answers the error as it does.
 */
function answer(parts: Lane, request: IncomingMessage, response: ServerResponse): string | null | Promise<string | null> {
  const target = request.url;
  if (request.method !== "GET" || !target) return null;
  if (carriesSessionCredentials(request.headers.authorization, request.headers.cookie)) return null;

  // Before any URL parsing: a product path without a query is the whole request target.
  const held = parts.productAnswers && PRODUCT_PATH.exec(target);
  if (held) {
    const answer = parts.productAnswers!.peek(held[1]!.toLowerCase());
    if (answer) {
      sendProductAnswer(parts, request, response, answer);
      return PRODUCT_ROUTE;
    }
  }

  if (parts.feedMemory && feedFromMemory(parts, request, response, target)) return FEED_PATH;

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

  if (parts.search && url.pathname === SEARCH_PATH) {
    const body = searchBytes(parts.search, url.searchParams);
    if (body === undefined) return null;
    const send = (bytes: Buffer) => {
      sendFromMemory(response, bytes, acceptEncoding, parts.headers.search, parts.headers.searchGzip);
      return SEARCH_PATH;
    };
    return Buffer.isBuffer(body) ? send(body) : body.then(send);
  }
  return null;
}

/**
 * A feed page built from memory, answered before the target is parsed as a URL or looked up in the
 * public cache (decision 203): every visit's first page has a seed of its own, so a lookup would
 * miss. Only the exact path, with a query free of a fragment, is taken here; anything else goes on
 * the usual way (the app, or a public-cache entry of a page memory cannot build). An entry of the same page
 * (stored when the app answered it: while the order was being built, or before its cards were all
 * held; fresh for 2 s) holds the same cards; memory's counters are the newer. Whether it answered.
 */
function feedFromMemory(lane: Lane, request: IncomingMessage, response: ServerResponse, target: string): boolean {
  if (!target.startsWith(FEED_PATH) || (target.length > FEED_PATH.length && target[FEED_PATH.length] !== "?") || target.includes("#")) return false;
  const params = new URLSearchParams(target.slice(FEED_PATH.length + 1));
  const query = FeedQuerySchema.safeParse(Object.fromEntries(params));
  if (!query.success) return false;
  const page = feedPageBytesFromMemory(lane.feedMemory!, query.data);
  if (page === undefined) return false;
  sendFromMemory(response, page, request.headers["accept-encoding"], lane.headers.feed, lane.headers.feedGzip);
  return true;
}

/** An answer built from memory for this request (a feed page, a search): gzipped when large and accepted. */
function sendFromMemory(response: ServerResponse, bytes: Buffer, acceptEncoding: string | undefined, plain: Headers, gzipped: Headers): void {
  const gzip = bytes.byteLength >= GZIP_THRESHOLD && acceptsGzip(acceptEncoding);
  const body = gzip ? gzipSync(bytes) : bytes;
  const headers = gzip ? gzipped : plain;
  headers["content-length"] = String(body.byteLength);
  sendWith(response, 200, headers, body);
}

/**
 * A search the route would answer 200 from memory (decision 145): its bytes (or their promise, when
 * cards of the page must be read), or undefined for the app (invalid input and its 400, a parameter
 * given twice, which the route's validator refuses, a cursor it did not hand out, or a ranking that
 * needs the database).
 */
function searchBytes(search: NonNullable<FastLaneParts["search"]>, params: URLSearchParams): Buffer | Promise<Buffer> | undefined {
  const given = Object.fromEntries(params);
  if (Object.keys(given).length !== params.size) return undefined;
  const query = SearchQuerySchema.safeParse(given);
  if (!query.success) return undefined;
  const { cursor, ...input } = query.data;
  const offset = cursor === undefined ? 0 : decodeSearchCursor(cursor);
  if (offset === null) return undefined;
  return searchBytesFromMemory(search.memory, search.catalogue, { ...input, cursor }, offset, { onWholeWordSearch: (term) => search.log.record(term) });
}
