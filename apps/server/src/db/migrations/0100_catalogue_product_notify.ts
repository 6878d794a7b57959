import { type Kysely, sql } from "kysely";

// Decision 103: the catalogue cache (decision 030) drops only the products a write changed, so it
// refills O(changed) rows instead of its whole bound after every write (an order's stock change
// included). Statement-level triggers with transition tables send the ids of the products a
// statement touched on CATALOGUE_PRODUCTS_CHANNEL, comma-separated, at most 200 ids (7.4 KB, under
// pg_notify's 8,000-byte limit) a notification; '*' (truncate) means every product. Migration 0002's
// public_cache notifications stay as they are for the response cache and the feed.

/** Per table: the select, over the statement's rows as `changed`, of the product ids they touch. */
const PRODUCT_KEYS: Record<string, string> = {
  products: "select id from changed",
  product_highlights: "select product_id from changed",
  product_promotions: "select product_id from changed",
  product_variants: "select product_id from changed",
  marketplace_listings: "select product_id from changed",
  // An entry carries its brand's name and logo, and its marketplaces' names and flags.
  brands: "select p.id from changed c join products p on p.brand_id = c.id",
  marketplaces: "select ml.product_id from changed c join marketplace_listings ml on ml.marketplace_id = c.id",
  // A rendition names its media; renditions deleted with their media are covered by the media's own delete.
  media_renditions: "select m.product_id from changed c join product_media m on m.id = c.media_id",
};

/** product_media columns an entry shows (0020's list): counters change on every view and like and are not among them. */
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
  "captions_url",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_catalogue_products_of(ids text[]) returns void language plpgsql as $$
    declare
      chunk constant integer := 200;
      start integer := 1;
    begin
      while start <= coalesce(array_length(ids, 1), 0) loop
        perform pg_notify('catalogue_products', array_to_string(ids[start:start + chunk - 1], ','));
        start := start + chunk;
      end loop;
    end
  $$`.execute(db);
  // tg_argv[0] is the table's PRODUCT_KEYS select; an update sees both its old and its new rows.
  await sql`create function notify_catalogue_products() returns trigger language plpgsql as $$
    declare
      source text;
      ids text[];
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('catalogue_products', '*');
        return null;
      end if;
      source := case tg_op
        when 'INSERT' then 'select * from new_rows'
        when 'DELETE' then 'select * from old_rows'
        else 'select * from new_rows union all select * from old_rows' end;
      execute format('with changed as (%s) select array_agg(distinct k::text) from (%s) as keys(k) where k is not null', source, tg_argv[0]) into ids;
      perform notify_catalogue_products_of(ids);
      return null;
    end
  $$`.execute(db);
  for (const [table, keys] of Object.entries({ ...PRODUCT_KEYS, product_media: "select product_id from changed" })) {
    const name = (event: string) => sql.id(`${table}_catalogue_products_${event}`);
    await sql`create trigger ${name("insert")} after insert on ${sql.table(table)} referencing new table as new_rows
      for each statement execute function notify_catalogue_products(${sql.lit(keys)})`.execute(db);
    await sql`create trigger ${name("delete")} after delete on ${sql.table(table)} referencing old table as old_rows
      for each statement execute function notify_catalogue_products(${sql.lit(keys)})`.execute(db);
    await sql`create trigger ${name("truncate")} after truncate on ${sql.table(table)}
      for each statement execute function notify_catalogue_products('')`.execute(db);
    if (table !== "product_media") {
      await sql`create trigger ${name("update")} after update on ${sql.table(table)} referencing new table as new_rows old table as old_rows
        for each statement execute function notify_catalogue_products(${sql.lit(keys)})`.execute(db);
    }
  }
  // Transition tables cannot go with a column list, and a statement trigger on every product_media
  // update would run for each like and view: a row trigger limited to the shown columns instead
  // (pg_notify sends one notification for identical payloads within a transaction).
  await sql`create function notify_catalogue_product_media() returns trigger language plpgsql as $$
    begin
      perform notify_catalogue_products_of(array_remove(array[new.product_id::text, nullif(old.product_id, new.product_id)::text], null));
      return null;
    end
  $$`.execute(db);
  await sql`create trigger product_media_catalogue_products_update after update of ${sql.join(MEDIA_COLUMNS.map((column) => sql.id(column)))} on product_media
    for each row execute function notify_catalogue_product_media()`.execute(db);
}
