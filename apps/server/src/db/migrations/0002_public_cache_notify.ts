import { type Kysely, sql } from "kysely";

// Decision 030: every write that changes an anonymous catalogue or feed response tells every
// instance to drop its public read cache. Triggers catch all writers (routes, media workers, seed,
// admin CLI, other instances) at one statement-level notification each. Engagement counters on
// product_media are left out on purpose: they change on every view and like, reach clients through
// the realtime stream, and may lag in cached bodies by the cache TTL.

const TABLES = [
  "products",
  "brands",
  "categories",
  "marketplaces",
  "marketplace_listings",
  "product_highlights",
  "product_promotions",
  "product_variants",
  "media_renditions",
];

/** product_media columns that responses show, apart from the counters (a new column belongs here). */
const MEDIA_COLUMNS = [
  "id",
  "product_id",
  "url",
  "type",
  "category",
  "title",
  "duration",
  "is_main",
  "is_cover",
  "display_order",
  "display_on_landing_page",
  "display_on_profile_page",
  "thumbnail_url",
  "source_type",
  "original_url",
  "status",
  "metadata",
  "created_at",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_public_cache() returns trigger language plpgsql as $$
    begin
      perform pg_notify('public_cache', tg_table_name);
      return null;
    end
  $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.id(`${table}_public_cache`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_public_cache()`.execute(db);
  }
  await sql`create trigger product_media_public_cache after insert or delete or truncate on product_media
    for each statement execute function notify_public_cache()`.execute(db);
  await sql`create trigger product_media_public_cache_update after update of ${sql.join(MEDIA_COLUMNS.map((column) => sql.id(column)))} on product_media
    for each statement execute function notify_public_cache()`.execute(db);
}
