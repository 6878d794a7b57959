import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { COUNTER_COLUMNS, type MediaCountersRow, mediaCountsOf } from "../modules/catalog/product-media.service.ts";
import { countersChanged, notifyChange } from "../modules/realtime/realtime.service.ts";

/**
 * Sets a medium's engagement counters (a count no test has the time to reach by likes and views) as
 * the server's counting statements leave them: with the counters notice their commit sends (decision
 * 190). The read model follows counters by that notice alone (search popularity, live cards, held
 * product pages), so a counter written without it is one no write of the server's makes.
 */
export async function setMediaCounters(db: Kysely<DB>, mediaId: string, counters: Partial<Omit<MediaCountersRow, "id">>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.updateTable("product_media").set(counters).where("id", "=", mediaId).returning(COUNTER_COLUMNS).executeTakeFirstOrThrow();
    await notifyChange(trx, countersChanged(row.id, mediaCountsOf(row)));
  });
}
