import { createRoute } from "@hono/zod-openapi";
import { realtimeTopics } from "@reelmart/core/engagement";
import { ErrorBodySchema } from "@reelmart/core/api/errors";
import { FeedPageSchema, FeedQuerySchema, MediaViewInputSchema, MediaViewParamSchema, MediaViewResultSchema } from "@reelmart/core/api/feed";
import type { RegisterRoutes } from "../../context.ts";
import { getViewer } from "../../http/viewer.ts";
import { notifyChange } from "../engagement/realtime.service.ts";
import { getFeedPage, recordView } from "./feed.service.ts";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const badInput = { description: "Invalid input (names the field)", ...json(ErrorBodySchema) };

const feedRoute = createRoute({
  method: "get",
  path: "/feed",
  tags: ["feed"],
  summary: "A page of the video feed: products with ready videos, shuffled stably per seed, paged by cursor",
  request: { query: FeedQuerySchema },
  responses: {
    200: { description: "One page; nextCursor is null after the last", ...json(FeedPageSchema) },
    400: badInput,
    404: { description: "similarTo names no product", ...json(ErrorBodySchema) },
  },
});

const viewRoute = createRoute({
  method: "post",
  path: "/media/{id}/views",
  tags: ["feed"],
  summary: "Count one view of a video (once per media per mount on the client)",
  request: { params: MediaViewParamSchema, body: { required: true, ...json(MediaViewInputSchema) } },
  responses: {
    200: { description: "The new view count", ...json(MediaViewResultSchema) },
    400: badInput,
    404: { description: "Unknown media", ...json(ErrorBodySchema) },
  },
});

export const registerFeedRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(feedRoute, async (c) => c.json(await getFeedPage(db, c.req.valid("query")), 200));
  app.openapi(viewRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { sessionId } = c.req.valid("json");
    const result = await recordView(db, { mediaId: id, sessionId, userId: getViewer(c)?.userId ?? null });
    // Sent after recordView committed, on the topic likes and shares use, so open rails refetch the counts.
    await notifyChange(db, { topic: realtimeTopics.counters(id), kind: "update", ids: [id] });
    return c.json(result, 200);
  });
};
