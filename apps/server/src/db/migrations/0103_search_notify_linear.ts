import { type Kysely, sql } from "kysely";

// Migration 0102's statement triggers asked whether an update changed what the search index reads
// with EXISTS over a join of the statement's two transition tables. For an EXISTS the planner
// expects an early match and joins by nested loop; when nothing the index reads changed (a
// popularity or stock update: the usual case) it compared every new row with every old one. The
// bench loader's media insert, one popularity update of 100,000 search documents, ran for over 40
// minutes. EXCEPT compares the two sets by hashing, in time linear in the rows, and like IS
// DISTINCT FROM it treats two nulls as equal.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function notify_search_documents_updated() returns trigger language plpgsql as $$
    begin
      if exists (
        select product_id, active, title_key, category, brand_id, sale_price, in_stock, created_at from new_rows
        except
        select product_id, active, title_key, category, brand_id, sale_price, in_stock, created_at from old_rows
      ) then
        perform pg_notify('search_index', '');
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create or replace function notify_search_titles_changed() returns trigger language plpgsql as $$
    begin
      if exists (select id, title from new_rows except select id, title from old_rows) then
        perform pg_notify('search_index', '');
      end if;
      return null;
    end
  $$`.execute(db);
}
