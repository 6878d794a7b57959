import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from "hono/compress";

// hono's compress middleware, which answers a request that accepts no encoding (API clients, the
// bench's load generator) with the response it got plus `Vary: Accept-Encoding` when it could have
// compressed it. It sets that header with `c.header()`, which on a finished response rebuilds it
// from its body: @hono/node-server's lightweight response (a string written as it is) becomes a
// web Response whose ReadableStream the server then reads, for every JSON answer (decision 175:
// 3–6% of the loop under the writes load). Without Accept-Encoding this middleware makes the same
// decision and sets the same header on the response's own headers; with one it is hono's.

const THRESHOLD_BYTES = 1024; // hono's default
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compression(): MiddlewareHandler {
  const compressing = compress();
  return async (c, next) => {
    if (c.req.header("Accept-Encoding") !== undefined) return compressing(c, next);
    await next();
    const { headers, status } = c.res;
    const length = headers.get("Content-Length");
    if (status === 206 || headers.has("Content-Encoding") || headers.has("Transfer-Encoding") || c.req.method === "HEAD") return;
    if (length && Number(length) < THRESHOLD_BYTES) return;
    const type = headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const cacheControl = headers.get("Cache-Control");
    if (cacheControl && NO_TRANSFORM.test(cacheControl)) return;
    const vary = headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  };
}
