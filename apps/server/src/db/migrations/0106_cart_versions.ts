import { type Kysely, sql } from "kysely";

// Decision 201: a shopper's cart lines are held in memory by the server that writes them, and each
// write tells whether what it holds is still the cart. Every transaction that changes a shopper's
// cart lines moves that shopper's version by exactly one, whoever writes (a cart add, a quantity, an
// order placed, a product deleted with its lines): a write that reads the version as it was and finds
// the one it holds knows its own change is the only one since. `moved_by` keeps a transaction's
// several statements, and the insert and update triggers of one `insert … on conflict`, to one move.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cart_versions (
    user_id text primary key references "user" (id) on delete cascade,
    version bigint not null,
    moved_by bigint not null
  )`.execute(db);
  await sql`insert into cart_versions (user_id, version, moved_by) select distinct user_id, 1, 0 from cart_items`.execute(db);
  // The join on "user" skips a shopper being deleted (whose lines go with them, by cascade).
  await sql`create function move_cart_versions() returns trigger language plpgsql as $$
    begin
      insert into cart_versions as cv (user_id, version, moved_by)
        select distinct c.user_id, 1, txid_current() from changed_lines c join "user" u on u.id = c.user_id
        on conflict (user_id) do update set version = cv.version + 1, moved_by = excluded.moved_by
        where cv.moved_by <> excluded.moved_by;
      return null;
    end
  $$`.execute(db);
  for (const [event, table] of [
    ["insert", "new"],
    ["update", "new"],
    ["delete", "old"],
  ] as const) {
    await sql`create trigger ${sql.id(`cart_items_version_${event}`)} after ${sql.raw(event)} on cart_items
      referencing ${sql.raw(table)} table as changed_lines
      for each statement execute function move_cart_versions()`.execute(db);
  }
  await sql`create function move_all_cart_versions() returns trigger language plpgsql as $$
    begin
      update cart_versions set version = version + 1, moved_by = txid_current() where moved_by <> txid_current();
      return null;
    end
  $$`.execute(db);
  await sql`create trigger cart_items_version_truncate after truncate on cart_items for each statement execute function move_all_cart_versions()`.execute(db);
}
