import { type ShareInput, ShareInputSchema } from "@reelmart/core/api/engagement";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { mediaNotFound } from "./likes.service.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import { countersNotice, countersNoticeCall, countedColumns } from "../realtime/realtime.service.ts";
import { countTodayFrom } from "../analytics/rollups.ts";

/**
 * Records one share (user null when signed out, 001 §1) and counts it, in one statement: the share
 * row, the daily rollups, share_count and the counters notification commit together or not at all.
 * Compiled once (decision 189).
 */
const shareStatement = compiledOnce(
  (db, v: { mediaId: string; userId: string | null; platform: string; deviceInfo: string; counterNotice: string }) => sql<{ share_count: number }>`
    with shared as (
      insert into video_shares (media_id, product_id, user_id, platform, device_info)
      select id, product_id, ${v.userId}, ${v.platform}, ${v.deviceInfo}::jsonb from product_media where id = ${v.mediaId}
      returning media_id, product_id),
    ${countTodayFrom("shares", sql.table("shared"))},
    counter as (update product_media set share_count = share_count + 1 where id in (select media_id from shared) returning ${countedColumns})
    select share_count, ${countersNoticeCall(v.counterNotice, "counter")} as notified from counter`,
);

export async function recordShare(db: Kysely<DB>, mediaId: string, userId: string | null, input: ShareInput): Promise<{ shareCount: number }> {
  const { platform, deviceInfo } = ShareInputSchema.parse(input);
  const { rows } = await shareStatement(db, { mediaId, userId, platform, deviceInfo: JSON.stringify(deviceInfo), counterNotice: countersNotice(mediaId) });
  if (!rows[0]) throw mediaNotFound(mediaId);
  return { shareCount: rows[0].share_count };
}
