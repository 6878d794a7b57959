import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { activeProducts } from "../catalog/catalog.scope.ts";

// Who is in the feed and in what order, written once (decision 010): the SQL walk pages it
// (feed.service.ts), the order held in memory loads it whole (read-model/feed-order.ts), and the
// triggers that tell the held order to load again (migration 0105) listen to the columns it reads,
// which feed.membership.test.ts reads off this query and compares with the installed triggers.

/** A product with at least one ready video: the feed plays videos, and only finished encodes. */
const hasReadyVideo = (eb: ExpressionBuilder<DB & { p: DB["products"] }, "p">) =>
  eb.exists(
    eb
      .selectFrom("product_media as m")
      .select(sql`1`.as("one"))
      .whereRef("m.product_id", "=", "p.id")
      .where("m.type", "=", "video")
      .where("m.status", "=", "ready"),
  );

/**
 * The feed: the public catalogue's products (activeProducts; with `marketplaceId`, those listed
 * there) that have a ready video, by (feed_rank, id), each with the card's row and its feed_rank.
 */
export function feedMembers(db: Kysely<DB>, marketplaceId?: string) {
  return activeProducts(db, marketplaceId).select("p.feed_rank").where(hasReadyVideo).orderBy("p.feed_rank").orderBy("p.id");
}
