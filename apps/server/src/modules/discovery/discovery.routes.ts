import { createRoute } from "@hono/zod-openapi";
import { ProductListSchema } from "@reelmart/core/api/catalog";
import { SimilarQuerySchema, TrendingQuerySchema } from "@reelmart/core/api/discovery";
import { ProductIdParamSchema } from "@reelmart/core/api/reviews";
import type { RegisterRoutes } from "../../context.ts";
import { similarProducts, trendingProducts } from "./discovery.service.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";


const similarRoute = createRoute({
  method: "get",
  path: "/products/{id}/similar",
  tags: ["discovery"],
  summary: "Other products, same category or brand first; marketplaceId keeps those listed there",
  request: { params: ProductIdParamSchema, query: SimilarQuerySchema },
  responses: { 200: jsonResponse(ProductListSchema, "Similar products"), 400: errorResponse("Invalid parameter"), 404: errorResponse("Unknown product") },
});

const trendingRoute = createRoute({
  method: "get",
  path: "/discovery/trending",
  tags: ["discovery"],
  summary: "Products by total media views, most viewed first; marketplaceId keeps those listed there",
  request: { query: TrendingQuerySchema },
  responses: { 200: jsonResponse(ProductListSchema, "Trending products"), 400: errorResponse("Invalid parameter") },
});

export const registerDiscoveryRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(similarRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ items: await similarProducts(db, id, c.req.valid("query")) }, 200);
  });

  app.openapi(trendingRoute, async (c) => c.json({ items: await trendingProducts(db, c.req.valid("query")) }, 200));
};
