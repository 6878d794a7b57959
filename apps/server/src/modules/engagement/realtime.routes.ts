import { createRoute, z } from "@hono/zod-openapi";
import { REALTIME_MAX_TOPICS } from "@reelmart/core/engagement";
import { streamSSE } from "hono/streaming";
import type { RegisterRoutes } from "../../context.ts";
import { ApiError, badRequest, forbidden, unauthenticated } from "../../http/errors.ts";
import { type Viewer, getViewer } from "../../http/viewer.ts";
import { errorResponses } from "./http.ts";
import { RealtimeHub } from "./realtime.service.ts";

/** Below the 30-60 s idle timeouts of common proxies and load balancers. */
const HEARTBEAT_MS = 20_000;

const MEDIA_TOPIC = /^(comments|counters):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAVED_TOPIC = /^saved:(.+)$/;

const RealtimeQuerySchema = z.object({
  topics: z.string().min(1, "At least one topic is required").max(REALTIME_MAX_TOPICS * 50),
});

const realtimeRoute = createRoute({
  method: "get",
  path: "/realtime",
  tags: ["realtime"],
  summary: "One Server-Sent Events stream per browser for a set of topics",
  description:
    "topics is a comma-separated list of comments:{mediaId}, counters:{mediaId} and saved:{userId} (the viewer's own only). " +
    "Sends 'ready' once subscribed, then 'change' events {topic, kind, ids} and a 'ping' every 20 s. " +
    "To change topics the browser reopens the stream and refetches what it shows (docs/decisions/023).",
  request: { query: RealtimeQuerySchema },
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: { ...errorResponses[404], description: "Another user's topic" },
  },
});

/** Checks every topic; user topics need that user's own session. */
export function parseTopics(raw: string, viewer: Viewer | null): string[] {
  const topics = [...new Set(raw.split(",").map((topic) => topic.trim()).filter(Boolean))];
  if (!topics.length) throw badRequest("At least one topic is required", "topics");
  if (topics.length > REALTIME_MAX_TOPICS) throw badRequest(`At most ${REALTIME_MAX_TOPICS} topics per stream`, "topics");
  for (const topic of topics) {
    const saved = SAVED_TOPIC.exec(topic);
    if (saved) {
      if (!viewer) throw unauthenticated();
      if (saved[1] !== viewer.userId) throw forbidden("You can only follow your own saved items");
    } else if (!MEDIA_TOPIC.test(topic)) {
      throw badRequest(`Unknown topic ${topic.slice(0, 80)}`, "topics");
    }
  }
  return topics;
}

export const registerRealtimeRoutes: RegisterRoutes = (app, { database, logger }) => {
  const hub = new RealtimeHub(database, logger);
  app.openapi(realtimeRoute, (c) => {
    const topics = parseTopics(c.req.valid("query").topics, getViewer(c));
    c.header("X-Accel-Buffering", "no");
    return streamSSE(
      c,
      async (stream) => {
        let unsubscribe: () => void = () => {};
        let wake: () => void = () => {};
        stream.onAbort(() => {
          unsubscribe();
          wake();
        });
        unsubscribe = await hub.subscribe(topics, (event) => {
          void stream.writeSSE({ event: "change", data: JSON.stringify(event) }).catch(() => {});
        });
        if (stream.aborted) return unsubscribe();
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ topics }) });
        while (!stream.aborted) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, HEARTBEAT_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (!stream.aborted) await stream.writeSSE({ event: "ping", data: "" });
        }
      },
      async (error, stream) => {
        logger.warn({ err: error }, "realtime stream failed");
        const message = error instanceof ApiError ? error.message : "Realtime unavailable";
        await stream.writeSSE({ event: "error", data: JSON.stringify({ message }) }).catch(() => {});
      },
    );
  });
};
