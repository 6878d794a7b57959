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
 * own saved items and likes; events carry ids (DESIGN.md, Data) and the browser refetches what it
 * shows, but a counters event also carries the media's four counts, which it shows as they are
 * (decision 190), a comments event the comment it inserted or updated, which the open list applies
 * (decision 205), and a liked event's kind says whether the media is now liked (decision 193).
 */
export const realtimeTopics = {
  comments: (mediaId: string) => `comments:${mediaId}`,
  counters: (mediaId: string) => `counters:${mediaId}`,
  saved: (userId: string) => `saved:${userId}`,
  /** The media a user liked ('insert') or unliked ('delete'), from any of their devices. */
  liked: (userId: string) => `liked:${userId}`,
};

const REALTIME_KINDS = ["insert", "update", "delete"] as const;

/** A media's public counts, as the write that moved them left them at its commit. */
export interface MediaCounts {
  likeCount: number;
  commentCount: number;
  shareCount: number;
  viewCount: number;
}

/** A comment as a list shows it and a comments event carries it; api/engagement.ts's CommentSchema is held to it. */
export interface Comment {
  id: string;
  mediaId: string;
  productId: string;
  userId: string;
  authorName: string;
  authorAvatar: string | null;
  comment: string;
  isEdited: boolean;
  createdAt: string;
  updatedAt: string;
}

const COUNT_NAMES = ["likeCount", "commentCount", "shareCount", "viewCount"] as const satisfies readonly (keyof MediaCounts)[];

export interface RealtimeEvent {
  topic: string;
  kind: (typeof REALTIME_KINDS)[number];
  ids: string[];
  /** On a counters topic, from the write that moved them: the counts themselves, so nobody asks for them (decision 190). */
  counts?: MediaCounts;
  /**
   * On a comments topic, for an insert or an update: the comment as the list shows it, so an open
   * list applies it without asking (decision 205). Left out when it would not fit in a notice.
   */
  comment?: Comment;
}

/** A NOTIFY payload or SSE frame as an event, or null when it is not one; counts that are not four whole numbers are left out. */
export function parseRealtimeEvent(value: unknown): RealtimeEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const { topic, kind, ids, counts, comment } = value as Record<string, unknown>;
  if (typeof topic !== "string" || !REALTIME_KINDS.includes(kind as RealtimeEvent["kind"])) return null;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string")) return null;
  const event: RealtimeEvent = { topic, kind: kind as RealtimeEvent["kind"], ids };
  if (isMediaCounts(counts)) event.counts = { likeCount: counts.likeCount, commentCount: counts.commentCount, shareCount: counts.shareCount, viewCount: counts.viewCount };
  if (isComment(comment) && ids.length === 1 && comment.id === ids[0] && event.kind !== "delete") event.comment = commentOf(comment);
  return event;
}

const COMMENT_TEXT_FIELDS = ["id", "mediaId", "productId", "userId", "authorName", "comment", "createdAt", "updatedAt"] as const satisfies readonly (keyof Comment)[];

/** Whether a value has a Comment's fields (api/engagement.ts's CommentSchema, checked without zod). */
function isComment(value: unknown): value is Comment {
  if (typeof value !== "object" || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (
    COMMENT_TEXT_FIELDS.every((name) => typeof fields[name] === "string") &&
    (fields.authorAvatar === null || typeof fields.authorAvatar === "string") &&
    typeof fields.isEdited === "boolean"
  );
}

/** A Comment's own fields and no others. */
const commentOf = (c: Comment): Comment => ({
  id: c.id,
  mediaId: c.mediaId,
  productId: c.productId,
  userId: c.userId,
  authorName: c.authorName,
  authorAvatar: c.authorAvatar,
  comment: c.comment,
  isEdited: c.isEdited,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

function isMediaCounts(value: unknown): value is MediaCounts {
  if (typeof value !== "object" || value === null) return false;
  return COUNT_NAMES.every((name) => {
    const count = (value as Record<string, unknown>)[name];
    return Number.isSafeInteger(count) && (count as number) >= 0;
  });
}
