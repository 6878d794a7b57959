import { type ShareInput, ShareInputSchema } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { requireMedia } from "./likes.service.ts";
import { notifyChange } from "../realtime/realtime.service.ts";
import { countToday } from "../analytics/rollups.ts";

/** Records one share (user null when signed out, 001 §1) and counts it in the same transaction. */
export async function recordShare(db: Kysely<DB>, mediaId: string, userId: string | null, input: ShareInput): Promise<{ shareCount: number }> {
  const { platform, deviceInfo } = ShareInputSchema.parse(input);
  return db.transaction().execute(async (trx) => {
    const { productId } = await requireMedia(trx, mediaId);
    await trx
      .insertInto("video_shares")
      .values({ media_id: mediaId, product_id: productId, user_id: userId, platform, device_info: JSON.stringify(deviceInfo) })
      .execute();
    await countToday(trx, "shares", { productId, mediaId });
    const updated = await trx
      .updateTable("product_media")
      .set((eb) => ({ share_count: eb(eb.ref("share_count"), "+", 1) }))
      .where("id", "=", mediaId)
      .returning("share_count")
      .executeTakeFirstOrThrow();
    await notifyChange(trx, { topic: realtimeTopics.counters(mediaId), kind: "update", ids: [mediaId] });
    return { shareCount: updated.share_count };
  });
}
