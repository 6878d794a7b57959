import { type Kysely, sql } from "kysely";

// The rail's save count (001 §2: like, comment, share and save, each with a count) counts a
// product's saves; the primary key (user_id, product_id) cannot answer that without a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index saved_items_product_idx on saved_items (product_id)`.execute(db);
}
