import { type Kysely, sql } from "kysely";

// Decision 141: each instance holds the search index in memory and rebuilds it when what it reads
// changes. Until now that was every catalogue notification (0002), and an order's stock change is
// one: on a large shop taking orders more often than a rebuild takes, the index never landed. These
// triggers notify SEARCH_INDEX_CHANNEL only when a table the index reads changes in a way it reads:
// search_documents apart from popularity (which follows the counters topic), search_postings,
// products' titles, marketplace listings and brands. The search tables' own triggers (0070) already skip writes that
// change no indexed field, such as a stock change that leaves a product in stock.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_search_index_if_any() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' or exists (select 1 from changed) then perform pg_notify('search_index', ''); end if;
      return null;
    end
  $$`.execute(db);
  await sql`create function notify_search_documents_updated() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from new_rows n join old_rows o on o.product_id = n.product_id
        where (n.active, n.title_key, n.category, n.brand_id, n.sale_price, n.in_stock, n.created_at)
          is distinct from (o.active, o.title_key, o.category, o.brand_id, o.sale_price, o.in_stock, o.created_at)
      ) then
        perform pg_notify('search_index', '');
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create function notify_search_index() returns trigger language plpgsql as $$
    begin
      perform pg_notify('search_index', '');
      return null;
    end
  $$`.execute(db);

  // Statement triggers with transition tables: the search functions of 0070 run on empty id lists
  // for writes that change nothing indexed, and those statements must not notify.
  for (const table of ["search_documents", "search_postings"]) {
    await sql`create trigger ${sql.raw(`${table}_index_insert`)} after insert on ${sql.table(table)} referencing new table as changed
      for each statement execute function notify_search_index_if_any()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_index_delete`)} after delete on ${sql.table(table)} referencing old table as changed
      for each statement execute function notify_search_index_if_any()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_index_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function notify_search_index_if_any()`.execute(db);
  }
  await sql`create trigger search_postings_index_update after update on search_postings referencing new table as changed
    for each statement execute function notify_search_index_if_any()`.execute(db);
  await sql`create trigger search_documents_index_update after update on search_documents referencing new table as new_rows old table as old_rows
    for each statement execute function notify_search_documents_updated()`.execute(db);
  // The index shows products' titles as they are written (suggestions); search_documents keeps only
  // their folded words, which a change of case or punctuation leaves as they were.
  await sql`create function notify_search_titles_changed() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_rows n join old_rows o on o.id = n.id where n.title is distinct from o.title) then
        perform pg_notify('search_index', '');
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger products_search_titles after update on products referencing new table as new_rows old table as old_rows
    for each statement execute function notify_search_titles_changed()`.execute(db);
  // Listings (where a product is found) and brand names (facets) change rarely: any write notifies.
  for (const table of ["marketplace_listings", "brands"]) {
    await sql`create trigger ${sql.raw(`${table}_search_index`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_search_index()`.execute(db);
  }
}
