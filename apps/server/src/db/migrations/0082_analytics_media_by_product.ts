import { type Kysely, sql } from "kysely";

// A product's analytics page lists that product's videos (decision 082): its rollup rows by product
// and day, instead of every video's rows of the range filtered one by one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_media_daily_product_day_idx on analytics_media_daily (product_id, day)`.execute(db);
}
