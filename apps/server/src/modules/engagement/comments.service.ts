import { randomUUID } from "node:crypto";
import type { CommentList } from "@reelmart/core/api/engagement";
import { type Comment, realtimeTopics } from "@reelmart/core/engagement";
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import type { DB, VideoCommentsTable } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { mediaNotFound, requireMedia } from "./likes.service.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import { utcText } from "../../db/utc-text.ts";
import {
  countedColumns,
  countersChanged,
  countersNotice,
  countersNoticeCall,
  encodeRealtimeEvent,
  NOTIFY_PAYLOAD_MAX_BYTES,
  notifyChange,
  notifyEncodedChangeCall,
} from "../realtime/realtime.service.ts";
import { COUNTER_COLUMNS, mediaCountsOf } from "../catalog/product-media.service.ts";
import { countTodayFrom } from "../analytics/rollups.ts";
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
 * The payload of a comments notice (`encodedNotice`, its ids) with the comment of the row `row` as
 * toComment gives it, so an open list applies it without asking (decision 205); the notice alone
 * when the comment would take it past what NOTIFY carries (a long comment in a script of many bytes
 * a character): the list then asks, as it did for every change before.
 */
function commentNoticePayload(encodedNotice: string, row: string): RawBuilder<string> {
  const name = (column: keyof Selectable<VideoCommentsTable>) => `${row}.${column}`;
  const column = (of: keyof Selectable<VideoCommentsTable>) => sql.ref(name(of));
  const comment = sql`jsonb_build_object(
    'id', ${column("id")}, 'mediaId', ${column("media_id")}, 'productId', ${column("product_id")}, 'userId', ${column("user_id")},
    'authorName', coalesce(nullif(${column("user_name")}, ''), 'Anonymous'), 'authorAvatar', ${column("user_avatar")},
    'comment', ${column("comment")}, 'isEdited', ${column("is_edited")},
    'createdAt', ${utcText(name("created_at"), "ms")}, 'updatedAt', ${utcText(name("updated_at"), "ms")})`;
  const withComment = sql<string>`(${encodedNotice}::jsonb || jsonb_build_object('comment', ${comment}))::text`;
  return sql<string>`case when octet_length(${withComment}) < ${NOTIFY_PAYLOAD_MAX_BYTES} then ${withComment} else ${encodedNotice} end`;
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

/**
 * Posts a comment in one statement (docs/decisions/105, as likes and shares): the media's product,
 * the author's display name as the profile gives it (001 §5: first and last name, else the account's
 * name, else 'Anonymous') and avatar, the row, today's count, the media's counter and both realtime
 * notices. No transaction across round trips, so the counter's and the daily rows' locks are held
 * for the statement alone (on PostgreSQL they are the hot rows of mixed traffic). The id is made
 * here so the comments topic's notice can name it; the notice carries the comment (decision 205).
 * Compiled once (decision 189).
 */
const createStatement = compiledOnce(
  (db, v: { id: string; mediaId: string; userId: string; text: string; commentsNotice: string; counterNotice: string }) => sql<Selectable<VideoCommentsTable>>`
    with media as (select id, product_id from product_media where id = ${v.mediaId}),
    author as (
      select coalesce(nullif(trim(concat_ws(' ', nullif(p.first_name, ''), nullif(p.last_name, ''))), ''), nullif(trim(u.name), '')) as name,
             coalesce(p.avatar_url, u.image) as avatar
      from "user" u left join profiles p on p.id = u.id
      where u.id = ${v.userId}
    ),
    inserted as (
      insert into video_comments (id, media_id, product_id, user_id, user_name, user_avatar, comment)
      -- 'Anonymous' once, for an author with no name and for one with no user row.
      select ${v.id}, m.id, m.product_id, ${v.userId}, coalesce((select name from author), 'Anonymous'), (select avatar from author), ${v.text}
      from media m
      returning *
    ),
    ${countTodayFrom("comments", sql`(select product_id, media_id from inserted)`)},
    counter as (update product_media set comment_count = comment_count + 1 where id in (select media_id from inserted) returning ${countedColumns})
    select inserted.*,
      (select count(${notifyEncodedChangeCall(commentNoticePayload(v.commentsNotice, "posted"))}) + count(${countersNoticeCall(v.counterNotice, "counter")})
       from counter, inserted as posted) as notified
    from inserted`,
);

export async function createComment(db: Kysely<DB>, mediaId: string, userId: string, text: string): Promise<Comment> {
  const id = randomUUID();
  const commentsNotice = encodeRealtimeEvent({ topic: realtimeTopics.comments(mediaId), kind: "insert", ids: [id] });
  const { rows } = await createStatement(db, { id, mediaId, userId, text, commentsNotice, counterNotice: countersNotice(mediaId) });
  if (!rows[0]) throw mediaNotFound(mediaId);
  return toComment(rows[0]);
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
    const notice = encodeRealtimeEvent({ topic: realtimeTopics.comments(row.media_id), kind: "update", ids: [row.id] });
    await sql`select ${notifyEncodedChangeCall(commentNoticePayload(notice, "c"))} from video_comments c where c.id = ${row.id}`.execute(trx);
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
    const counted = await trx
      .updateTable("product_media")
      .set((eb) => ({ comment_count: eb(eb.ref("comment_count"), "-", 1) }))
      .where("id", "=", row.media_id)
      .returning(COUNTER_COLUMNS)
      .executeTakeFirstOrThrow();
    await notifyChange(trx, { topic: realtimeTopics.comments(row.media_id), kind: "delete", ids: [commentId] });
    await notifyChange(trx, countersChanged(row.media_id, mediaCountsOf(counted)));
  });
}
