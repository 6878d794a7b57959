import { createRoute } from "@hono/zod-openapi";
import { EngagementSchema, LikeResultSchema, MediaIdParamSchema } from "@reelmart/core/api/engagement";
import type { RegisterRoutes } from "../../context.ts";
import { getViewer, requireViewer } from "../../http/viewer.ts";
import { LikeWriter, getEngagement } from "./likes.service.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { errorResponses, jsonResponse } from "../../http/routes.ts";

const engagementRoute = createRoute({
  method: "get",
  path: "/media/{id}/engagement",
  tags: ["engagement"],
  summary: "A media's counts and whether the viewer likes it",
  request: { params: MediaIdParamSchema },
  responses: { 200: jsonResponse(EngagementSchema, "Counts"), 400: errorResponses[400], 404: errorResponses[404] },
});

const likeRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/media/{id}/like",
    tags: ["engagement"],
    summary: method === "put" ? "Like (idempotent: liking twice is one like)" : "Remove the viewer's like (idempotent)",
    security: SIGNED_IN,
    request: { params: MediaIdParamSchema },
    responses: { 200: jsonResponse(LikeResultSchema, "The like state and count after the call"), ...errorResponses },
  });

export const registerLikeRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(engagementRoute, async (c) => {
    const viewer = getViewer(c);
    return c.json(await getEngagement(db, c.req.valid("param").id, viewer?.userId ?? null), 200);
  });
  const likes = new LikeWriter(db);
  for (const method of ["put", "delete"] as const) {
    app.openapi(likeRoute(method), async (c) => c.json(await likes.set(c.req.valid("param").id, requireViewer(c).userId, method === "put"), 200));
  }
};
