import type { Engagement, LikeResult } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import { GroupCommit, type PendingWrite } from "../../db/group-commit.ts";
import { countersNotice, countersNoticeCall, countedColumns, encodeRealtimeEvent, notifyEncodedChangeCall } from "../realtime/realtime.service.ts";
import { countTodayFrom, countTodayGroupedFrom } from "../analytics/rollups.ts";

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

/** A like or an unlike (`like` false). */
interface LikeWrite {
  mediaId: string;
  userId: string;
  like: boolean;
}

/**
 * likeStatement for a batch of likes and unlikes, each of a different (media, user) pair (decision
 * 200). The unique (media_id, user_id) row decides whether each changed anything, and only then do
 * like_count and the daily rows move, in SQL and in the same statement, so concurrent batches can
 * neither double-count nor lose a like; each media's counter, daily rows and counters notice move
 * once per batch, by its net change. Compiled once (decision 189). A change also tells the user's
 * other devices, on their own liked topic (decision 193). One row per media found, with the count its
 * commit leaves.
 */
const likeBatchStatement = compiledOnce(
  (db, values: { mediaIds: string[]; userIds: string[]; likes: boolean[]; likedNotices: string[]; counterNotices: string[] }) =>
    sql<{ media_id: string; like_count: number }>`
      with input as (
        select * from unnest(${values.mediaIds}::uuid[], ${values.userIds}::text[], ${values.likes}::boolean[], ${values.likedNotices}::text[], ${values.counterNotices}::text[])
          as i(media_id, user_id, liked, liked_notice, counter_notice)),
      media as (select id, product_id, like_count from product_media where id in (select media_id from input)),
      added as (
        insert into video_likes (media_id, user_id, product_id)
        select i.media_id, i.user_id, m.product_id from input i join media m on m.id = i.media_id where i.liked order by i.media_id, i.user_id
        on conflict (media_id, user_id) do nothing returning media_id, product_id, user_id),
      removed as (
        delete from video_likes v using input i where not i.liked and v.media_id = i.media_id and v.user_id = i.user_id
        returning v.media_id, v.user_id),
      ${countTodayGroupedFrom("likes", sql.table("added"))},
      moved as (
        select media_id, sum(change)::int as change from (
          select media_id, 1 as change from added union all select media_id, -1 from removed) c
        group by media_id having sum(change) <> 0 order by media_id),
      counter as (
        update product_media m set like_count = m.like_count + moved.change from moved
        where m.id = moved.media_id returning ${countedColumns}),
      notice as (select distinct on (media_id) media_id, counter_notice from input order by media_id),
      told as (
        select i.liked_notice from input i join (select media_id, user_id from added union all select media_id, user_id from removed) c
          on c.media_id = i.media_id and c.user_id = i.user_id)
      select media.id as media_id, coalesce(counter.like_count, media.like_count) as like_count,
        (select count(${countersNoticeCall(sql<string>`notice.counter_notice`, "counter")}) from counter join notice on notice.media_id = counter.id) as notified,
        (select count(${notifyEncodedChangeCall(sql<string>`told.liked_notice`)}) from told) as told_devices
      from media left join counter on counter.id = media.id`,
);

/**
 * Likes and unlikes idempotently, those arriving together in one statement (likeBatchStatement, in a
 * group commit, decision 200): fifty shoppers liking one video at once cost one counter update, one
 * daily row and one notice, not fifty rows locked in turn. A pair liked and unliked while a batch is
 * in flight is written in two, in the order they came.
 */
export class LikeWriter {
  private readonly batches: GroupCommit<LikeWrite, LikeResult>;

  constructor(private readonly db: Kysely<DB>) {
    this.batches = new GroupCommit({
      keyOf: ({ mediaId, userId }) => `${mediaId} ${userId}`,
      writeOne: (write) => this.writeOne(write),
      writeMany: (batch) => this.writeMany(batch),
      maxBatch: 500,
    });
  }

  set(mediaId: string, userId: string, like: boolean): Promise<LikeResult> {
    return this.batches.submit({ mediaId: mediaId.toLowerCase(), userId, like });
  }

  private async writeMany(batch: readonly PendingWrite<LikeWrite, LikeResult>[]) {
    const likes = batch.map((write) => write.item);
    const { rows } = await likeBatchStatement(this.db, {
      mediaIds: likes.map((like) => like.mediaId),
      userIds: likes.map((like) => like.userId),
      likes: likes.map((like) => like.like),
      likedNotices: likes.map(likedNotice),
      counterNotices: likes.map((like) => countersNotice(like.mediaId)),
    });
    const counts = new Map(rows.map((row) => [row.media_id, row.like_count]));
    for (const { item, resolve, reject } of batch) {
      const likeCount = counts.get(item.mediaId);
      if (likeCount === undefined) reject(mediaNotFound(item.mediaId));
      else resolve({ liked: item.like, likeCount });
    }
  }

  /** A like alone takes the statement of its direction: half the batch statement's cost for one. */
  private async writeOne({ item, resolve, reject }: PendingWrite<LikeWrite, LikeResult>) {
    const { mediaId, userId, like } = item;
    const { rows } = await likeStatements[like ? "like" : "unlike"](this.db, { mediaId, userId, counterNotice: countersNotice(mediaId), likedNotice: likedNotice(item) });
    if (rows[0]) resolve({ liked: like, likeCount: rows[0].like_count });
    else reject(mediaNotFound(mediaId));
  }
}

/** The event that tells the shopper's other devices (decision 193). */
const likedNotice = ({ mediaId, userId, like }: LikeWrite) =>
  encodeRealtimeEvent({ topic: realtimeTopics.liked(userId), kind: like ? "insert" : "delete", ids: [mediaId] });
