import { type Kysely, sql } from "kysely";

// Decision 191: each instance holds the feed's eligible order in memory (decision 110) and rebuilt it
// on every catalogue notification (0002), in O(catalogue): two queries, about 1.4 s of the server's
// CPU at 100k products. An order's stock change and a review are such notifications, so a large
// shop taking orders rebuilt its order over and over and answered its feed from SQL meanwhile. These
// triggers notify FEED_ORDER_CHANNEL only for what the order reads: a product's status and
// feed_rank, a medium's product, type and status, the marketplace listings, and rows coming and going.
// Row triggers on those columns are not even queued for an update that sets others (a stock change,
// a counter), their WHEN clause skips rows whose values stayed the same, and pg_notify folds the
// identical notifications of one transaction into one.

const READ = {
  products: ["status", "feed_rank"],
  product_media: ["product_id", "type", "status"],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_feed_order() returns trigger language plpgsql as $$
    begin
      perform pg_notify('feed_order', '');
      return null;
    end
  $$`.execute(db);
  for (const [table, read] of Object.entries(READ)) {
    const columns = sql.join(read.map((column) => sql.id(column)));
    const of = (row: "new" | "old") => sql.join(read.map((column) => sql.id(row, column)));
    await sql`create trigger ${sql.id(`${table}_feed_order_update`)} after update of ${columns} on ${sql.table(table)}
      for each row when ((${of("new")}) is distinct from (${of("old")}))
      execute function notify_feed_order()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_feed_order`)} after insert or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_feed_order()`.execute(db);
  }
  await sql`create trigger marketplace_listings_feed_order after insert or update or delete or truncate on marketplace_listings
    for each statement execute function notify_feed_order()`.execute(db);
}
