// Engagement rules and the realtime event shape (issue #6), kept free of zod so the web app's first
// load does not carry the schema library; the request/response schemas live in api/engagement.ts.

export const COMMENT_MAX_LENGTH = 1000;
export const COMMENTS_PAGE_DEFAULT = 20;
export const COMMENTS_PAGE_MAX = 50;
export const SAVED_MERGE_MAX = 500;
/** 001 §9: comment fetch retries twice, backing off min(1000×2^n, 5000) ms. */
export const COMMENT_FETCH_RETRIES = 2;
export const COMMENT_RETRY_MAX_MS = 5000;
/** The PostgreSQL NOTIFY channel every server instance LISTENs on. */
export const REALTIME_CHANNEL = "reelmart";
export const REALTIME_MAX_TOPICS = 50;

/**
 * Realtime topics. A browser subscribes to comments and counters of the media on screen and to its
 * own saved items; events carry ids only (DESIGN.md, Data) and the browser refetches.
 */
export const realtimeTopics = {
  comments: (mediaId: string) => `comments:${mediaId}`,
  counters: (mediaId: string) => `counters:${mediaId}`,
  saved: (userId: string) => `saved:${userId}`,
};

const REALTIME_KINDS = ["insert", "update", "delete"] as const;

export interface RealtimeEvent {
  topic: string;
  kind: (typeof REALTIME_KINDS)[number];
  ids: string[];
}

/** A NOTIFY payload or SSE frame as an event, or null when it is not one. */
export function parseRealtimeEvent(value: unknown): RealtimeEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const { topic, kind, ids } = value as Record<string, unknown>;
  if (typeof topic !== "string" || !REALTIME_KINDS.includes(kind as RealtimeEvent["kind"])) return null;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) return null;
  return { topic, kind: kind as RealtimeEvent["kind"], ids };
}
