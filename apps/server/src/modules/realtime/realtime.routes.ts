import { createRoute, z } from "@hono/zod-openapi";
import { REALTIME_MAX_TOPICS } from "@reelmart/core/engagement";
import { isUuid } from "@reelmart/core/ids";
import { streamSSE } from "hono/streaming";
import type { RegisterRoutes } from "../../context.ts";
import { AppError, badRequest, forbidden, unauthenticated } from "../../shared/errors.ts";
import { getViewer } from "../../http/viewer.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { RealtimeHub } from "./realtime.service.ts";
import { errorResponses } from "../../http/routes.ts";
import { boundedEventSender, pingUntilClosed } from "../../http/sse.ts";

/** A media topic: its id after the colon must pass the one id rule (core/ids.ts). */
const MEDIA_TOPIC = /^(comments|counters):(.+)$/;
/** A user topic: only that user's own session may follow it. */
const USER_TOPIC = /^(saved|liked):(.+)$/;
const USER_TOPIC_NAMES = { saved: "saved items", liked: "likes" } as const;

const RealtimeQuerySchema = z.object({
  topics: z.string().min(1, "At least one topic is required").max(REALTIME_MAX_TOPICS * 50),
});

const realtimeRoute = createRoute({
  method: "get",
  path: "/realtime",
  tags: ["realtime"],
  summary: "One Server-Sent Events stream per browser for a set of topics",
  description:
    "topics is a comma-separated list of comments:{mediaId}, counters:{mediaId}, saved:{userId} and liked:{userId} (the viewer's own only). " +
    "Sends 'ready' once subscribed, then 'change' events {topic, kind, ids} (on a counters topic also counts: " +
    "{likeCount, commentCount, shareCount, viewCount} as the change left them, docs/decisions/190; on a comments topic an insert " +
    "or update also carries the comment as the comments list gives it, unless it would not fit in a notice, docs/decisions/205; on a liked topic " +
    "kind 'insert' is a like and 'delete' an unlike, docs/decisions/193) and a 'ping' every 20 s. " +
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
    const userTopic = USER_TOPIC.exec(topic);
    if (userTopic) {
      if (!viewer) throw unauthenticated();
      if (userTopic[2] !== viewer.userId) throw forbidden(`You can only follow your own ${USER_TOPIC_NAMES[userTopic[1] as keyof typeof USER_TOPIC_NAMES]}`);
    } else if (!isUuid(MEDIA_TOPIC.exec(topic)?.[2] ?? "")) {
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
        stream.onAbort(() => unsubscribe());
        // A browser that stops reading is dropped, not buffered for (decision 224); its abort unsubscribes.
        const send = boundedEventSender(c, stream, c.var.log);
        unsubscribe = await hub.subscribe(
          topics,
          (event) => send({ event: "change", data: JSON.stringify(event) }),
          () => stream.abort(),
        );
        if (stream.aborted) return unsubscribe();
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ topics }) });
        await pingUntilClosed(stream);
},
      async (error, stream) => {
        c.var.log.warn({ err: error }, "realtime stream failed");
        const message = error instanceof AppError ? error.message : "Realtime unavailable";
        // swallowed: the failure is logged above; a stream too broken to carry its message has no one reading.
        await stream.writeSSE({ event: "error", data: JSON.stringify({ message }) }).catch(() => {});
      },
    );
  });
};
