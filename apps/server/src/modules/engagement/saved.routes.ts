import { createRoute } from "@hono/zod-openapi";
import { SavedListSchema, SavedMergeInputSchema, SavedMergeResultSchema, SavedProductParamSchema } from "@reelmart/core/api/engagement";
import type { RegisterRoutes } from "../../context.ts";
import { requireViewer } from "../../http/viewer.ts";
import { listSaved, mergeSaved, saveProduct, unsaveProduct } from "./saved.service.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { errorResponses, jsonContent, jsonResponse } from "../../http/routes.ts";

const listRoute = createRoute({
  method: "get",
  path: "/saved",
  tags: ["saved"],
  summary: "The viewer's saved products, newest first (product null when no longer available)",
  security: SIGNED_IN,
  responses: { 200: jsonResponse(SavedListSchema, "Saved items"), 401: errorResponses[401] },
});

const toggleRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/saved/{productId}",
    tags: ["saved"],
    summary: method === "put" ? "Save a product (idempotent)" : "Unsave a product (idempotent)",
    security: SIGNED_IN,
    request: { params: SavedProductParamSchema },
    responses: { 204: { description: "Done" }, ...errorResponses },
  });

const mergeRoute = createRoute({
  method: "post",
  path: "/saved/merge",
  tags: ["saved"],
  summary: "Merge the signed-out local list into the account; unknown ids are skipped",
  security: SIGNED_IN,
  request: { body: { required: true, ...jsonContent(SavedMergeInputSchema) } },
  responses: { 200: jsonResponse(SavedMergeResultSchema, "The saved list after merging"), ...errorResponses },
});

export const registerSavedRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(listRoute, async (c) => c.json(await listSaved(db, requireViewer(c).userId), 200));
  app.openapi(mergeRoute, async (c) => c.json(await mergeSaved(db, requireViewer(c).userId, c.req.valid("json").productIds), 200));
  app.openapi(toggleRoute("put"), async (c) => {
    await saveProduct(db, requireViewer(c).userId, c.req.valid("param").productId);
    return c.body(null, 204);
  });
  app.openapi(toggleRoute("delete"), async (c) => {
    await unsaveProduct(db, requireViewer(c).userId, c.req.valid("param").productId);
    return c.body(null, 204);
  });
};
