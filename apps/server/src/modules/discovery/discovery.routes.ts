import { createRoute } from "@hono/zod-openapi";
import { ProductListSchema } from "@reelmart/core/api/catalog";
import { MediaEditBodySchema, MediaEditedSchema, MediaIdParamSchema, SimilarQuerySchema, TrendingQuerySchema } from "@reelmart/core/api/discovery";
import { ErrorBodySchema } from "@reelmart/core/api/errors";
import { ProductIdParamSchema } from "@reelmart/core/api/reviews";
import type { RegisterRoutes } from "../../context.ts";
import { requireAdmin } from "../../http/viewer.ts";
import { deleteMedia, editMedia, similarProducts, trendingProducts } from "./discovery.service.ts";

const json = <T>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => json(ErrorBodySchema, description);

const similarRoute = createRoute({
  method: "get",
  path: "/products/{id}/similar",
  tags: ["discovery"],
  summary: "Other products, same category or brand first; marketplaceId keeps those listed there",
  request: { params: ProductIdParamSchema, query: SimilarQuerySchema },
  responses: { 200: json(ProductListSchema, "Similar products"), 400: error("Invalid parameter"), 404: error("Unknown product") },
});

const trendingRoute = createRoute({
  method: "get",
  path: "/discovery/trending",
  tags: ["discovery"],
  summary: "Products by total media views, most viewed first; marketplaceId keeps those listed there",
  request: { query: TrendingQuerySchema },
  responses: { 200: json(ProductListSchema, "Trending products"), 400: error("Invalid parameter") },
});

const adminErrors = {
  400: error("Invalid input (names the field)"),
  401: error("Not signed in"),
  403: error("Not an admin"),
  404: error("Unknown media"),
};

const editMediaRoute = createRoute({
  method: "patch",
  path: "/admin/media/{id}",
  tags: ["admin"],
  summary: "Edit a video's title or category (editable mode)",
  request: { params: MediaIdParamSchema, body: { required: true, content: { "application/json": { schema: MediaEditBodySchema } } } },
  responses: { 200: json(MediaEditedSchema, "The edited media"), ...adminErrors },
});

const deleteMediaRoute = createRoute({
  method: "delete",
  path: "/admin/media/{id}",
  tags: ["admin"],
  summary: "Remove a video (editable mode)",
  request: { params: MediaIdParamSchema },
  responses: { 204: { description: "Removed" }, ...adminErrors },
});

export const registerDiscoveryRoutes: RegisterRoutes = (app, { database: { db }, storage, logger }) => {
  app.openapi(similarRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json({ items: await similarProducts(db, id, c.req.valid("query")) }, 200);
  });

  app.openapi(trendingRoute, async (c) => c.json({ items: await trendingProducts(db, c.req.valid("query")) }, 200));

  // Admin checks run before validation so a non-admin learns nothing about the input or the media.
  app.use("/admin/media/*", async (c, next) => {
    requireAdmin(c);
    await next();
  });

  app.openapi(editMediaRoute, async (c) => c.json(await editMedia(db, c.req.valid("param").id, c.req.valid("json")), 200));

  app.openapi(deleteMediaRoute, async (c) => {
    await deleteMedia({ db, storage, logger }, c.req.valid("param").id);
    return c.body(null, 204);
  });
};
