import type { Engagement, LikeResult } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import { notifyChange } from "../realtime/realtime.service.ts";
import { countToday } from "../analytics/rollups.ts";

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
    .select(["m.like_count", "m.comment_count", "m.share_count", "m.view_count"])
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
    likeCount: row.like_count,
    commentCount: row.comment_count,
    shareCount: row.share_count,
    viewCount: row.view_count,
    saveCount: row.saves,
    likedByMe: row.liked,
  };
}

/**
 * Likes or unlikes idempotently. The unique (media_id, user_id) row decides whether anything
 * changed, and only then does like_count move, in SQL and in the same transaction, so concurrent
 * requests can neither double-count nor lose a like.
 */
export async function setLike(db: Kysely<DB>, mediaId: string, userId: string, like: boolean): Promise<LikeResult> {
  return db.transaction().execute(async (trx) => {
    const { productId } = await requireMedia(trx, mediaId);
    const changed = like
      ? await trx
          .insertInto("video_likes")
          .values({ media_id: mediaId, user_id: userId, product_id: productId })
          .onConflict((oc) => oc.columns(["media_id", "user_id"]).doNothing())
          .returning("id")
          .executeTakeFirst()
      : await trx.deleteFrom("video_likes").where("media_id", "=", mediaId).where("user_id", "=", userId).returning("id").executeTakeFirst();
    if (!changed) {
      const current = await trx.selectFrom("product_media").select("like_count").where("id", "=", mediaId).executeTakeFirstOrThrow();
      return { liked: like, likeCount: current.like_count };
    }
    if (like) await countToday(trx, "likes", { productId, mediaId });
    const updated = await trx
      .updateTable("product_media")
      .set((eb) => ({ like_count: eb(eb.ref("like_count"), like ? "+" : "-", 1) }))
      .where("id", "=", mediaId)
      .returning("like_count")
      .executeTakeFirstOrThrow();
    await notifyChange(trx, { topic: realtimeTopics.counters(mediaId), kind: "update", ids: [mediaId] });
    return { liked: like, likeCount: updated.like_count };
  });
}
