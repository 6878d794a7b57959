import { createRoute } from "@hono/zod-openapi";
import { PopularSearchesSchema, SearchQuerySchema, SearchResultSchema } from "@reelmart/core/api/search";
import type { RegisterRoutes } from "../../context.ts";
import { badCursor } from "../../shared/errors.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import { decodeSearchCursor, popularSearches, searchProducts } from "./search.service.ts";

/** How often the searches counted in memory are written (popular searches lag by at most this). */
const SEARCH_LOG_FLUSH_MS = 10_000;

const searchRoute = createRoute({
  method: "get",
  path: "/search",
  tags: ["search"],
  summary: "Search active products, forgiving typos, with facets, sorting and suggestions",
  description:
    "Every word of q must match a word of the product's title, brand, category, description or variant colours: exactly, by prefix, " +
    "as a substring (3+ letters) or within 1 edit (5-8 letters) or 2 edits (9+ letters), case and accents folded. An exact title ranks " +
    "first, then matches in the title, brand, category and description, fewer typos first, then popularity. A blank q returns no items.",
  request: { query: SearchQuerySchema },
  responses: { 200: jsonResponse(SearchResultSchema, "Matching products, one page"), 400: errorResponse("Invalid parameter") },
});

const popularRoute = createRoute({
  method: "get",
  path: "/search/popular",
  tags: ["search"],
  summary: "The terms shoppers search most that find products by whole words",
  responses: { 200: jsonResponse(PopularSearchesSchema, "Popular search terms, most searched first") },
});

export const registerSearchRoutes: RegisterRoutes = (app, { database: { db }, tasks, readModel, searchLog: log }) => {
  // The last flush runs on close, so terms counted since the previous one are kept.
  tasks.every("search log flush", SEARCH_LOG_FLUSH_MS, () => log.flush(), { runAtStop: true });

  app.openapi(searchRoute, async (c) => {
    const { cursor, ...query } = c.req.valid("query");
    let offset = 0;
    if (cursor !== undefined) {
      const decoded = decodeSearchCursor(cursor);
      if (decoded === null) throw badCursor();
      offset = decoded;
    }
    return c.json(await searchProducts(db, { ...query, cursor }, offset, { onWholeWordSearch: (term) => log.record(term), memory: readModel?.search, catalogueCache: readModel?.catalogue, cards: readModel?.searchCards }), 200);
  });

  app.openapi(popularRoute, async (c) => c.json({ items: await popularSearches(db) }, 200));
};
