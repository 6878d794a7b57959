import { createRoute } from "@hono/zod-openapi";
import {
  AnalyticsFunnelSchema,
  AnalyticsScopedQuerySchema,
  AnalyticsSeriesSchema,
  AnalyticsSummarySchema,
  AnalyticsTopQuerySchema,
  AnalyticsTopVideosQuerySchema,
  TopProductsSchema,
  TopVideosSchema,
} from "@reelmart/core/api/analytics";
import type { RegisterRoutes } from "../../context.ts";
import { ADMIN_ONLY } from "../../http/access.ts";
import { adminErrors } from "../admin/admin-http.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import { getFunnel, getSeries, getSummary, getTopProducts, getTopVideos } from "./analytics.service.ts";
import { rollUpViews } from "./rollups.ts";

/** How often views are counted into the rollups while the server runs (decision 151). */
const VIEW_ROLLUP_MS = 5_000;

// Admin only: admin-guard.ts answers 401/403 for every /admin path before these validate anything.
const tags = ["admin", "analytics"];
const scopedErrors = { ...adminErrors, 404: errorResponse("No product or media with the productId or mediaId given (names the field)") };

const summaryRoute = createRoute({
  method: "get",
  path: "/admin/analytics/summary",
  security: ADMIN_ONLY,
  tags,
  summary: "Totals for a range of UTC days (at most 366) and the same figures for the period before it; of one product or video with productId or mediaId",
  request: { query: AnalyticsScopedQuerySchema },
  responses: { 200: jsonResponse(AnalyticsSummarySchema, "Totals"), ...scopedErrors },
});
const seriesRoute = createRoute({
  method: "get",
  path: "/admin/analytics/series",
  security: ADMIN_ONLY,
  tags,
  summary: "The range's figures day by day",
  request: { query: AnalyticsScopedQuerySchema },
  responses: { 200: jsonResponse(AnalyticsSeriesSchema, "One entry per day"), ...scopedErrors },
});
const funnelRoute = createRoute({
  method: "get",
  path: "/admin/analytics/funnel",
  security: ADMIN_ONLY,
  tags,
  summary: "View → engagement → add to cart → order, each with its rate against the step before",
  request: { query: AnalyticsScopedQuerySchema },
  responses: { 200: jsonResponse(AnalyticsFunnelSchema, "The funnel"), ...scopedErrors },
});
const topVideosRoute = createRoute({
  method: "get",
  path: "/admin/analytics/top-videos",
  security: ADMIN_ONLY,
  tags,
  summary: "Videos ranked by views, add-to-cart rate or attributed revenue; with productId, that product's videos",
  request: { query: AnalyticsTopVideosQuerySchema },
  responses: { 200: jsonResponse(TopVideosSchema, "Top videos"), ...scopedErrors },
});
const topProductsRoute = createRoute({
  method: "get",
  path: "/admin/analytics/top-products",
  security: ADMIN_ONLY,
  tags,
  summary: "Products ranked by views, add-to-cart rate or revenue",
  request: { query: AnalyticsTopQuerySchema },
  responses: { 200: jsonResponse(TopProductsSchema, "Top products"), ...adminErrors },
});

export const registerAnalyticsRoutes: RegisterRoutes = (app, { config, database: { db }, tasks }) => {
  if (config.env !== "test") tasks.every("analytics view rollup", VIEW_ROLLUP_MS, () => rollUpViews(db));
  // Every answer first counts the views still waiting, so the figures include the last seconds.
  const upToDate = async <T>(read: () => Promise<T>) => {
    await rollUpViews(db);
    return read();
  };
  app.openapi(summaryRoute, async (c) => c.json(await upToDate(() => getSummary(db, c.req.valid("query"))), 200));
  app.openapi(seriesRoute, async (c) => c.json(await upToDate(() => getSeries(db, c.req.valid("query"))), 200));
  app.openapi(funnelRoute, async (c) => c.json(await upToDate(() => getFunnel(db, c.req.valid("query"))), 200));
  app.openapi(topVideosRoute, async (c) => c.json(await upToDate(() => getTopVideos(db, c.req.valid("query"))), 200));
  app.openapi(topProductsRoute, async (c) => c.json(await upToDate(() => getTopProducts(db, c.req.valid("query"))), 200));
};
