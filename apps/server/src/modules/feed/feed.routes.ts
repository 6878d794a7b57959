import { createRoute } from "@hono/zod-openapi";
import { MediaIdParamSchema } from "@reelmart/core/api/engagement";
import { FeedPageSchema, FeedQuerySchema, MediaViewInputSchema, MediaViewResultSchema } from "@reelmart/core/api/feed";
import type { RegisterRoutes } from "../../context.ts";
import { getViewer } from "../../http/viewer.ts";
import { getFeedPage, recordView } from "./feed.service.ts";
import { errorResponse, jsonContent, jsonResponse } from "../../http/routes.ts";

const badInput = errorResponse("Invalid input (names the field)");

const feedRoute = createRoute({
  method: "get",
  path: "/feed",
  tags: ["feed"],
  summary: "A page of the video feed: products with ready videos, shuffled stably per seed, paged by cursor",
  request: { query: FeedQuerySchema },
  responses: {
    200: jsonResponse(FeedPageSchema, "One page; nextCursor is null after the last"),
    400: badInput,
    404: errorResponse("similarTo names no product"),
  },
});

const viewRoute = createRoute({
  method: "post",
  path: "/media/{id}/views",
  tags: ["feed"],
  summary: "Count one view of a video (once per media per mount on the client)",
  request: { params: MediaIdParamSchema, body: { required: true, ...jsonContent(MediaViewInputSchema) } },
  responses: {
    200: jsonResponse(MediaViewResultSchema, "The new view count"),
    400: badInput,
    404: errorResponse("Unknown media"),
  },
});

export const registerFeedRoutes: RegisterRoutes = (app, { database: { db }, readModel }) => {
  app.openapi(feedRoute, async (c) => c.json(await getFeedPage(db, c.req.valid("query"), readModel?.feed), 200));
  app.openapi(viewRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { sessionId } = c.req.valid("json");
    return c.json(await recordView(db, { mediaId: id, sessionId, userId: getViewer(c)?.userId ?? null }), 200);
  });
};
