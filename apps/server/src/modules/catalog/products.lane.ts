import { type HeadersFor, type TargetLaneAnswer, VARY, sendWith } from "../../fast-lane.ts";
import { GZIP_THRESHOLD, acceptsGzip, matchesEtag } from "../../read-model/public-cache.ts";

// GET /api/products/{id} in the fast lane (decision 107): a held product page (read-model/product-answers.ts)
// with the headers the public cache middleware gives the same bytes (cachedAnswer): only without a
// query string, the one request its bytes answer exactly.

const PRODUCT_PREFIX = "/api/products/";
const PRODUCT_PATH = /^\/api\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The header objects of a product page's answers (HeadersFor): the same for every anonymous visitor. */
function productPageHeaders(headersFor: HeadersFor) {
  // As cachedAnswer gives a public-cache entry's bytes.
  const product = { "content-type": "application/json", etag: "", "cache-control": "public, no-cache", vary: VARY };
  return {
    plain: headersFor(PRODUCT_PREFIX, { ...product, "content-length": "" }),
    gzip: headersFor(PRODUCT_PREFIX, { ...product, "content-encoding": "gzip", "content-length": "" }),
    notModified: headersFor(PRODUCT_PREFIX, product),
  };
}

export const productPageLane: TargetLaneAnswer = {
  route: "/api/products/:id",
  reads: "target",
  // Before any URL parsing: a product path without a query is the whole request target.
  match: (target) => PRODUCT_PATH.exec(target)?.[1],
  open({ readModel: { productAnswers } }, headersFor) {
    const headers = productPageHeaders(headersFor);
    return (request, response, id) => {
      const held = productAnswers.peek(id.toLowerCase());
      if (!held) return false;
      if (matchesEtag(request.headers["if-none-match"], held.etag)) {
        headers.notModified.etag = held.etag;
        sendWith(response, 304, headers.notModified, null);
        return true;
      }
      const gzip = held.body.byteLength >= GZIP_THRESHOLD && acceptsGzip(request.headers["accept-encoding"]);
      const body = gzip ? productAnswers.gzip(held) : held.body;
      const chosen = gzip ? headers.gzip : headers.plain;
      chosen.etag = held.etag;
      chosen["content-length"] = String(body.byteLength);
      sendWith(response, 200, chosen, body);
      return true;
    };
  },
  samples: ({ productIds: [id] }) => [
    { target: `${PRODUCT_PREFIX}${id}` },
    { target: `${PRODUCT_PREFIX}${id}`, headers: { "accept-encoding": "gzip, deflate, br" } },
    // An id in capitals is the same product, and the app answers it the same.
    { target: `${PRODUCT_PREFIX}${id!.toUpperCase()}` },
  ],
};
