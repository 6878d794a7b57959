import { SearchQuerySchema } from "@reelmart/core/api/search";
import { type UrlLaneAnswer, memoryAnswerHeaders, sendFromMemory } from "../../fast-lane.ts";
import type { CatalogueSource } from "../catalog/products.service.ts";
import type { LiveCards } from "../../read-model/live-cards.ts";
import type { SearchMemory } from "../../read-model/search-memory.ts";
import { decodeSearchCursor, searchBytesFromMemory } from "./search.service.ts";

// GET /api/search in the fast lane (decision 145): a search ranked in memory, its page's cards held
// or read first, answered once a fresh public-cache entry of the same URL (the app's answer to a
// cold page) had its turn. Whole-word first pages are counted for popular searches as the route counts them.

const SEARCH_PATH = "/api/search";

/**
 * The search index and result cards in memory (decisions 141, 142), the catalogue the route reads
 * cards not held from, and the count of whole-word searches the route keeps (decision 145).
 */
interface SearchParts {
  memory: SearchMemory;
  catalogue: CatalogueSource & { cards: LiveCards };
  options: { onWholeWordSearch: (term: string) => void };
}

/**
 * A search the route would answer 200 from memory (decision 145): its bytes (or their promise, when
 * cards of the page must be read), or undefined for the app (invalid input and its 400, a parameter
 * given twice, which the route's validator refuses, a cursor it did not hand out, or a ranking that
 * needs the database).
 */
function searchBytes(search: SearchParts, params: URLSearchParams): Buffer | Promise<Buffer> | undefined {
  const given = Object.fromEntries(params);
  if (Object.keys(given).length !== params.size) return undefined;
  const query = SearchQuerySchema.safeParse(given);
  if (!query.success) return undefined;
  const { cursor, ...input } = query.data;
  const offset = cursor === undefined ? 0 : decodeSearchCursor(cursor);
  if (offset === null) return undefined;
  return searchBytesFromMemory(search.memory, search.catalogue, { ...input, cursor }, offset, search.options);
}

export const searchLane: UrlLaneAnswer = {
  route: SEARCH_PATH,
  reads: "url",
  match: (url) => (url.pathname === SEARCH_PATH ? url.searchParams : undefined),
  open({ readModel, database, searchLog }, headersFor) {
    const headers = memoryAnswerHeaders(headersFor, SEARCH_PATH);
    const search: SearchParts = {
      memory: readModel.search,
      catalogue: { db: database.db, cache: readModel.catalogue, cards: readModel.searchCards },
      options: { onWholeWordSearch: (term) => searchLog.record(term) },
    };
    return (request, response, params) => {
      const body = searchBytes(search, params);
      if (body === undefined) return false;
      const acceptEncoding = request.headers["accept-encoding"];
      const send = (bytes: Buffer) => {
        sendFromMemory(response, bytes, acceptEncoding, headers);
        return true;
      };
      return Buffer.isBuffer(body) ? send(body) : body.then(send);
    };
  },
  // `n` keeps each sample's URL apart from other requests' public-cache entries, which the lane serves first.
  samples: ({ marketplaceId }) => [
    { target: `${SEARCH_PATH}?q=product&limit=4&n=lane-sample` },
    { target: `${SEARCH_PATH}?q=prduct&marketplaceId=${marketplaceId}&sort=price-asc&n=lane-sample`, headers: { "accept-encoding": "gzip" } },
    { target: `${SEARCH_PATH}?q=PRODUCT&limit=2&cursor=s1.2&inStock=true&n=lane-sample` },
  ],
};
