import { type Kysely, sql } from "kysely";

// Decision 175: every like and unlike moves its product's search_documents.popularity (0070's
// search_media_counted), and every update of search_documents ran 0102's statement trigger, which
// builds both transition tables and compares them (0103's EXCEPT) to find that nothing the index
// reads changed. A row trigger on the columns the index reads is not even queued for an update that
// sets only popularity (a like, a view rollup, an order's units), and its WHEN clause, evaluated in C
// per row, skips rows whose indexed values stayed the same. pg_notify folds the identical
// notifications of one transaction into one, so a statement touching many rows still sends one.

const INDEXED = ["active", "title_key", "category", "brand_id", "sale_price", "in_stock", "created_at"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = sql.join(INDEXED.map((column) => sql.id(column)));
  const of = (row: "new" | "old") => sql.join(INDEXED.map((column) => sql.id(row, column)));
  await sql`drop trigger search_documents_index_update on search_documents`.execute(db);
  await sql`drop function notify_search_documents_updated()`.execute(db);
  await sql`create trigger search_documents_index_update after update of ${columns} on search_documents
    for each row when ((${of("new")}) is distinct from (${of("old")}))
    execute function notify_search_index()`.execute(db);
}
