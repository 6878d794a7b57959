import type { Comment, CommentList } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { type Kysely, type Selectable, sql } from "kysely";
import type { DB, VideoCommentsTable } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { requireMedia } from "./likes.service.ts";
import { notifyChange } from "../realtime/realtime.service.ts";
import { countToday } from "../analytics/rollups.ts";
import { transactionRetried } from "../../db/retry-conflicts.ts";

const commentNotFound = () => notFound("Comment not found");

function toComment(row: Selectable<VideoCommentsTable>): Comment {
  return {
    id: row.id,
    mediaId: row.media_id,
    productId: row.product_id,
    userId: row.user_id,
    authorName: row.user_name || "Anonymous",
    authorAvatar: row.user_avatar,
    comment: row.comment,
    isEdited: row.is_edited,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Newest first, deleted ones hidden. The cursor is the last comment's id; its (created_at, id) is
 * looked up in SQL so microsecond timestamps never round-trip through JavaScript dates.
 */
export async function listComments(db: Kysely<DB>, mediaId: string, cursor: string | undefined, limit: number): Promise<CommentList> {
  await requireMedia(db, mediaId);
  let query = db
    .selectFrom("video_comments")
    .selectAll()
    .where("media_id", "=", mediaId)
    .where("is_deleted", "=", false)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1);
  if (cursor) {
    query = query.where(sql<boolean>`(created_at, id) < (select c.created_at, c.id from video_comments c where c.id = ${cursor})`);
  }
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return { items: page.map(toComment), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** The author's display name as the profile gives it (001 §5: falls back to 'Anonymous'). */
async function authorOf(db: Kysely<DB>, userId: string): Promise<{ name: string; avatar: string | null }> {
  const row = await db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.id", "u.id")
    .select(["u.name", "u.image", "p.first_name", "p.last_name", "p.avatar_url"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  const fullName = [row?.first_name, row?.last_name].filter(Boolean).join(" ").trim();
  return { name: fullName || row?.name?.trim() || "Anonymous", avatar: row?.avatar_url ?? row?.image ?? null };
}

export async function createComment(db: Kysely<DB>, mediaId: string, userId: string, text: string): Promise<Comment> {
  return transactionRetried(db, async (trx) => {
    const { productId } = await requireMedia(trx, mediaId);
    const author = await authorOf(trx, userId);
    const row = await trx
      .insertInto("video_comments")
      .values({ media_id: mediaId, product_id: productId, user_id: userId, user_name: author.name, user_avatar: author.avatar, comment: text })
      .returningAll()
      .executeTakeFirstOrThrow();
    await countToday(trx, "comments", { productId, mediaId });
    await trx
      .updateTable("product_media")
      .set((eb) => ({ comment_count: eb(eb.ref("comment_count"), "+", 1) }))
      .where("id", "=", mediaId)
      .execute();
    await notifyChange(trx, { topic: realtimeTopics.comments(mediaId), kind: "insert", ids: [row.id] });
    await notifyChange(trx, { topic: realtimeTopics.counters(mediaId), kind: "update", ids: [mediaId] });
    return toComment(row);
  });
}

/** Only the author edits; anyone else gets the same 404 as for a missing comment. */
export async function editComment(db: Kysely<DB>, commentId: string, viewer: Viewer, text: string): Promise<Comment> {
  return transactionRetried(db, async (trx) => {
    const row = await trx
      .updateTable("video_comments")
      .set({ comment: text, is_edited: true, updated_at: sql`now()` })
      .where("id", "=", commentId)
      .where("user_id", "=", viewer.userId)
      .where("is_deleted", "=", false)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw commentNotFound();
    await notifyChange(trx, { topic: realtimeTopics.comments(row.media_id), kind: "update", ids: [row.id] });
    return toComment(row);
  });
}

/** Soft delete by the author or an admin; comment_count drops once, whoever deletes first. */
export async function deleteComment(db: Kysely<DB>, commentId: string, viewer: Viewer): Promise<void> {
  await transactionRetried(db, async (trx) => {
    let update = trx
      .updateTable("video_comments")
      .set({ is_deleted: true, updated_at: sql`now()` })
      .where("id", "=", commentId)
      .where("is_deleted", "=", false);
    if (!viewer.isAdmin) update = update.where("user_id", "=", viewer.userId);
    const row = await update.returning("media_id").executeTakeFirst();
    if (!row) throw commentNotFound();
    await trx
      .updateTable("product_media")
      .set((eb) => ({ comment_count: eb(eb.ref("comment_count"), "-", 1) }))
      .where("id", "=", row.media_id)
      .execute();
    await notifyChange(trx, { topic: realtimeTopics.comments(row.media_id), kind: "delete", ids: [commentId] });
    await notifyChange(trx, { topic: realtimeTopics.counters(row.media_id), kind: "update", ids: [row.media_id] });
  });
}
