import type { Engagement, LikeResult } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import { countersNotice, countersNoticeCall, countedColumns, encodeRealtimeEvent, notifyEncodedChangeCall } from "../realtime/realtime.service.ts";
import { countTodayFrom } from "../analytics/rollups.ts";

export const mediaNotFound = (mediaId: string) => notFound(`Media ${mediaId} not found`, "id");

/** The media's product, or 404; run inside the caller's transaction. */
export async function requireMedia(db: Kysely<DB>, mediaId: string): Promise<{ productId: string }> {
  const media = await db.selectFrom("product_media").select("product_id").where("id", "=", mediaId).executeTakeFirst();
  if (!media) throw mediaNotFound(mediaId);
  return { productId: media.product_id };
}

export async function getEngagement(db: Kysely<DB>, mediaId: string, userId: string | null): Promise<Engagement> {
  const row = await db
    .selectFrom("product_media as m")
    .select(["m.product_id", "m.like_count", "m.comment_count", "m.share_count", "m.view_count"])
    .select(sql<number>`(select count(*)::int from saved_items s where s.product_id = m.product_id)`.as("saves"))
    .select(
      userId
        ? sql<boolean>`exists (select 1 from video_likes l where l.media_id = m.id and l.user_id = ${userId})`.as("liked")
        : sql<boolean>`false`.as("liked"),
    )
    .where("m.id", "=", mediaId)
    .executeTakeFirst();
  if (!row) throw mediaNotFound(mediaId);
  return {
    mediaId,
    productId: row.product_id,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    shareCount: row.share_count,
    viewCount: row.view_count,
    saveCount: row.saves,
    likedByMe: row.liked,
  };
}

/**
 * The statement of a like (or an unlike). The unique (media_id, user_id) row decides whether
 * anything changed, and only then does like_count move, in SQL and in the same statement, so
 * concurrent requests can neither double-count nor lose a like. One statement, not a transaction of
 * six: on PGlite's one connection every round trip queues behind everyone else's
 * (docs/decisions/105); compiled once per direction (decision 189). A change also tells the user's
 * other devices, on their own liked topic (decision 193).
 */
const likeStatement = (like: boolean) =>
  compiledOnce((db, { mediaId, userId, counterNotice, likedNotice }: { mediaId: string; userId: string; counterNotice: string; likedNotice: string }) => {
    const change = like
      ? sql`insert into video_likes (media_id, user_id, product_id) select id, ${userId}, product_id from media
          on conflict (media_id, user_id) do nothing returning media_id, product_id`
      : sql`delete from video_likes where media_id = ${mediaId} and user_id = ${userId} returning media_id, product_id`;
    return sql<{ like_count: number }>`
      with media as (select id, product_id, like_count from product_media where id = ${mediaId}),
      changed as (${change}),
      ${like ? sql`${countTodayFrom("likes", sql.table("changed"))},` : sql``}
      counter as (
        update product_media set like_count = like_count ${like ? sql`+` : sql`-`} 1
        where id in (select media_id from changed) returning ${countedColumns})
      select coalesce((select like_count from counter), media.like_count) as like_count,
        (select count(${countersNoticeCall(counterNotice, "counter")}) from counter) as notified,
        (select count(${notifyEncodedChangeCall(likedNotice)}) from changed) as told_devices
      from media`;
  });

const likeStatements = { like: likeStatement(true), unlike: likeStatement(false) };

/** Likes or unlikes idempotently (likeStatement). */
export async function setLike(db: Kysely<DB>, mediaId: string, userId: string, like: boolean): Promise<LikeResult> {
  const counterNotice = countersNotice(mediaId);
  const likedNotice = encodeRealtimeEvent({ topic: realtimeTopics.liked(userId), kind: like ? "insert" : "delete", ids: [mediaId] });
  const { rows } = await likeStatements[like ? "like" : "unlike"](db, { mediaId, userId, counterNotice, likedNotice });
  if (!rows[0]) throw mediaNotFound(mediaId);
  return { liked: like, likeCount: rows[0].like_count };
}
