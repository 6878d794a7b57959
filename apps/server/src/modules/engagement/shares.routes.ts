import { createRoute } from "@hono/zod-openapi";
import { MediaIdParamSchema, ShareInputSchema, ShareResultSchema } from "@reelmart/core/api/engagement";
import type { RegisterRoutes } from "../../context.ts";
import { getViewer } from "../../http/viewer.ts";
import { recordShare } from "./shares.service.ts";
import { errorResponses, jsonContent, jsonResponse } from "../../http/routes.ts";

const shareRoute = createRoute({
  method: "post",
  path: "/media/{id}/shares",
  tags: ["engagement"],
  summary: "Record a share (anonymous shares are recorded with no user)",
  request: { params: MediaIdParamSchema, body: { required: true, ...jsonContent(ShareInputSchema) } },
  responses: { 201: jsonResponse(ShareResultSchema, "The share count after this share"), 400: errorResponses[400], 404: errorResponses[404] },
});

export const registerShareRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(shareRoute, async (c) =>
    c.json(await recordShare(db, c.req.valid("param").id, getViewer(c)?.userId ?? null, c.req.valid("json")), 201),
  );
};
