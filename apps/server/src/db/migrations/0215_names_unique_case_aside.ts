import { type Kysely, sql } from "kysely";

// Issue 40, item 7: 'Shoes' and 'shoes' were two categories, and brands and marketplaces took any
// name twice. A name is now one per table whatever its case: a unique index on lower(name) holds it
// (the admin services answer 409 first, naming the one that exists). Names already repeated, case
// aside, are kept apart rather than merged: every one after the first made (created_at, then key)
// gets ' (2)', ' (3)'… so nothing is lost and the owner sees which to rename or remove; a category's
// products follow its new name.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`with ranked as (
      select name, row_number() over (partition by lower(name) order by created_at, name) as rank from categories
    ), renamed as (
      update categories c set name = c.name || ' (' || r.rank || ')' from ranked r
      where c.name = r.name and r.rank > 1
      returning r.name as before, c.name as after
    )
    update products p set category = renamed.after, updated_at = now() from renamed where p.category = renamed.before`.execute(db);
  await sql`create unique index categories_name_case_aside_key on categories (lower(name))`.execute(db);

  for (const table of ["brands", "marketplaces"]) {
    await sql`with ranked as (
        select id, row_number() over (partition by lower(name) order by created_at, id) as rank from ${sql.table(table)}
      )
      update ${sql.table(table)} t set name = t.name || ' (' || r.rank || ')' from ranked r where t.id = r.id and r.rank > 1`.execute(db);
    await sql`create unique index ${sql.raw(`${table}_name_case_aside_key`)} on ${sql.table(table)} (lower(name))`.execute(db);
  }
}
