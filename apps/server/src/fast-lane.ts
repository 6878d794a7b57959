import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { AppDeps } from "./context.ts";
import { type Piece, bytesOf } from "./http/body-pieces.ts";
import { PUBLIC_CACHE_ROUTE } from "./http/metrics.ts";
import { type SecurityHeaders, createSecurityHeaders } from "./http/security-headers.ts";
import { carriesSessionCredentials } from "./modules/auth/session-middleware.ts";
import { GZIP_THRESHOLD, type PublicCache, acceptsGzip, cacheKey, cachedAnswer, isPublicUrl } from "./read-model/public-cache.ts";
import type { ReadModel } from "./read-model/read-model.ts";

// The fast lane (docs/decisions/111-fast-lane.md): anonymous GETs whose answer is already in memory
// (a product page held as bytes (decision 107), a fresh public-cache entry, API JSON or a share
// page's HTML, a feed page whose order and cards are held, or a search ranked in memory, its page's
// cards held or read first (decision 145)) are written straight to node's response, before the framework turns the request into a Request and runs its
// middleware. Anything else, including every error, every stale entry and every signed-in request,
// goes on to the app unchanged, so the lane can only answer what the app would answer the same.
//
// This file is the lane's machinery: the method and session checks, the public cache's entries (the
// read model's, no module's), header objects, sending, metrics, and the dispatch over the answers
// modules register (their `*.lane.ts`, listed in lane-answers.ts, decision 225).

/** What a lane answer is built with: the app's parts, its read model present. */
export type LaneDeps = AppDeps & { readModel: ReadModel };

/**
 * Whether an answer answered the request; a promise of it when it reads first (a search whose page
 * has cards not held). A read that fails leaves the request to the app, which answers the error as it does.
 */
export type Answered = boolean | Promise<boolean>;

/** node's header object of one kind of lane answer (lower-case names), reused by every answer of the kind. */
export type LaneHeaders = Record<string, string>;

/**
 * Makes the header object of one kind of answer to `path`: `fields` in their order, then the
 * x-request-id (set per answer) and the path's security headers. One object per kind, reused: node's
 * writeHead turns the object into the header block at once and keeps no reference to it, and
 * building a dozen-field object per answer was ~12% of a product page's CPU in the lane (decision
 * 107). Fields set to "" are filled per answer, before sendWith.
 */
export type HeadersFor = (path: string, fields: LaneHeaders) => LaneHeaders;

/** A request an answer's parity check sends through the lane and the app (fast-lane.parity.test.ts). */
export interface LaneSample {
  target: string;
  headers?: Record<string, string>;
}

/** The shop the parity test builds for the samples: one marketplace listing six active products, each with a video. */
export interface LaneSampleShop {
  marketplaceId: string;
  productIds: readonly string[];
}

/** Answers a request whose target matched, from memory, or leaves it (false) to what comes next. */
type Respond<Match> = (request: IncomingMessage, response: ServerResponse, matched: Match) => Answered;

interface LaneAnswerOf<Reads extends string, Target, Match> {
  /** The route label the app's metrics middleware gives the same request; the lane counts its answers under it. */
  route: string;
  /**
   * When the lane tries it. "target": on the raw request target, before it is parsed as a URL and
   * before the public cache is asked, for answers built anew per request that must cost no parse
   * and that a cache lookup would miss (a held product page, decision 107; a visit's feed page,
   * decision 203). "url": on the parsed URL, once a fresh public-cache entry had its turn (decision 145).
   */
  reads: Reads;
  /**
   * Its path: the part of the target the answer reads, or undefined when the target is not its
   * path. It runs on every anonymous GET that gets this far: a regex or a string test, nothing more.
   */
  match: (target: Target) => Match | undefined;
  /** Its answering function, built once per server from the read model. */
  open(deps: LaneDeps, headersFor: HeadersFor): Respond<Match>;
  /**
   * Requests the lane must answer with this answer, and with the app's bytes, on the parity test's
   * shop: required, so no answer joins the lane without its parity check.
   */
  samples(shop: LaneSampleShop): readonly [LaneSample, ...LaneSample[]];
}

/** What the lane answers on the raw target; `match` gives the part it reads (a product's id, a feed page's query). */
export type TargetLaneAnswer = LaneAnswerOf<"target", string, string>;
/** What the lane answers on the parsed URL; `match` gives its query. */
export type UrlLaneAnswer = LaneAnswerOf<"url", URL, URLSearchParams>;
/** An answer a module gives in the lane (its `*.lane.ts`), listed in lane-answers.ts. */
export type LaneAnswer = TargetLaneAnswer | UrlLaneAnswer;

/**
 * `next` wrapped so that what memory can answer at once never reaches it: the public cache's fresh
 * entries and `answers`, over the read model of `deps` (none: no lane).
 */
export function withFastLane(deps: AppDeps, answers: readonly LaneAnswer[], next: RequestListener): RequestListener {
  const { readModel, metrics } = deps;
  if (!readModel) return next;
  const lane = openLane({ ...deps, readModel }, answers);
  return (request, response) => {
    const started = performance.now();
    const answered = (route: string | null) => {
      if (route) metrics.recordRequest("GET", route, response.statusCode, (performance.now() - started) / 1000);
      else next(request, response);
    };
    const route = answer(lane, request, response);
    if (typeof route === "object" && route !== null) void route.then(answered, () => next(request, response));
    else answered(route);
  };
}

/** A registered answer, opened on this server. */
type Opened<Target, Match> = Pick<LaneAnswerOf<string, Target, Match>, "route" | "match"> & { respond: Respond<Match> };

/** The public cache, the security headers of each path's list as node's header object, and the answers opened, by when they are tried. */
interface Lane {
  publicCache: PublicCache;
  securityHeaders: SecurityHeaders;
  securityByPath: WeakMap<readonly [string, string][], LaneHeaders>;
  byTarget: Opened<string, string>[];
  byUrl: Opened<URL, URLSearchParams>[];
}

function openLane(deps: LaneDeps, answers: readonly LaneAnswer[]): Lane {
  const securityHeaders = createSecurityHeaders(deps.config);
  const headersFor: HeadersFor = (path, fields) => ({ ...fields, "x-request-id": "", ...securityFor(securityHeaders, path) });
  const lane: Lane = { publicCache: deps.readModel.publicCache, securityHeaders, securityByPath: new WeakMap(), byTarget: [], byUrl: [] };
  for (const declared of answers) {
    if (declared.reads === "target") lane.byTarget.push({ route: declared.route, match: declared.match, respond: declared.open(deps, headersFor) });
    else lane.byUrl.push({ route: declared.route, match: declared.match, respond: declared.open(deps, headersFor) });
  }
  return lane;
}

/** The security headers for `path` with lower-case names, as the app's middleware sets them. */
function securityFor(securityHeaders: SecurityHeaders, path: string): LaneHeaders {
  return Object.fromEntries(securityHeaders.headersFor(path).map(([name, value]) => [name.toLowerCase(), value]));
}

/** What every anonymous answer varies by, as the public cache's (cachedAnswer). */
export const VARY = "Accept-Encoding, Authorization, Cookie";

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

/** One of the answers' header objects (HeadersFor), its per-answer fields already set, with a new request id. */
export function sendWith(response: ServerResponse, status: number, headers: LaneHeaders, body: Uint8Array | null) {
  headers["x-request-id"] = randomUUID();
  response.writeHead(status, headers);
  response.end(body);
}

/**
 * The headers of a JSON answer built from memory for the request (a feed page, a search), plain and
 * gzipped: it carries live counters and is not stored, so `no-cache` and no ETag (decisions 111, 145).
 */
export interface MemoryAnswerHeaders {
  plain: LaneHeaders;
  gzip: LaneHeaders;
}

export function memoryAnswerHeaders(headersFor: HeadersFor, path: string): MemoryAnswerHeaders {
  const fields = { "content-type": "application/json", "cache-control": "no-cache", vary: VARY };
  return {
    plain: headersFor(path, { ...fields, "content-length": "" }),
    gzip: headersFor(path, { ...fields, "content-encoding": "gzip", "content-length": "" }),
  };
}

/** An answer built from memory for this request (a feed page, a search): gzipped when large and accepted. */
export function sendFromMemory(response: ServerResponse, bytes: Buffer, acceptEncoding: string | undefined, headers: MemoryAnswerHeaders): void {
  const gzip = bytes.byteLength >= GZIP_THRESHOLD && acceptsGzip(acceptEncoding);
  const body = gzip ? gzipSync(bytes) : bytes;
  const chosen = gzip ? headers.gzip : headers.plain;
  chosen["content-length"] = String(body.byteLength);
  sendWith(response, 200, chosen, body);
}

/**
 * The route label of what the lane answered, or null when the app must answer; a promise of either
 * when the answer needs a read first (a search whose page has cards not held). A read that fails
 * leaves the request to the app, which answers the error as it does.
 */
function answer(lane: Lane, request: IncomingMessage, response: ServerResponse): string | null | Promise<string | null> {
  const target = request.url;
  if (request.method !== "GET" || !target) return null;
  if (carriesSessionCredentials(request.headers.authorization, request.headers.cookie)) return null;

  // Before any URL parsing: the answers of the raw target (a product path without a query is the
  // whole request target; a visit's feed page is built before the public cache is asked, decision 203).
  const byTarget = answerFirst(lane.byTarget, request, response, target);
  if (byTarget !== null) return byTarget;

  const url = new URL(target, "http://lane");

  if (isPublicUrl(url)) {
    const key = cacheKey(url);
    const hit = lane.publicCache.lookup(key);
    // A stale entry goes to the middleware, which serves it and starts the refresh.
    if (hit?.fresh) {
      const cached = cachedAnswer(lane.publicCache, key, hit.entry, { ifNoneMatch: request.headers["if-none-match"], acceptEncoding: request.headers["accept-encoding"] });
      send(lane, response, url.pathname, cached.status, cached.headers, cached.body);
      return PUBLIC_CACHE_ROUTE;
    }
  }

  return answerFirst(lane.byUrl, request, response, url);
}

/** The route of the first of `answers` whose path `target` is and that answers it (see answer()), or null. */
function answerFirst<Target, Match>(answers: readonly Opened<Target, Match>[], request: IncomingMessage, response: ServerResponse, target: Target): string | null | Promise<string | null> {
  // Indexed, not for…of: the loop runs on every anonymous GET and makes no iterator.
  for (let index = 0; index < answers.length; index++) {
    const { route, match, respond } = answers[index]!;
    const matched = match(target);
    if (matched === undefined) continue;
    const replied = respond(request, response, matched);
    if (replied === true) return route;
    if (replied !== false) return replied.then((done) => (done ? route : null));
  }
  return null;
}
