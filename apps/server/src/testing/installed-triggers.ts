import { sql } from "kysely";
import type { Database } from "../db/database.ts";

// The triggers a database has installed, for tests that hold a trigger migration's copy of a rule
// (a list of columns) to the rule's one definition in the code: the migrations are history, and
// what the database runs is what they left.

export interface InstalledTrigger {
  table: string;
  name: string;
  /** pg_trigger.tgtype: test it with the ON_* bits. */
  type: number;
  /** The columns of an `update of …` trigger, sorted; none: an update of any column. */
  columns: string[];
}

// pg_trigger.tgtype's event bits (PostgreSQL's catalog/pg_trigger.h).
export const ON_INSERT = 1 << 2;
export const ON_DELETE = 1 << 3;
export const ON_UPDATE = 1 << 4;
export const ON_TRUNCATE = 1 << 5;

/** The triggers that execute the function `functionName`, on whichever table. */
export async function triggersCalling(database: Database, functionName: string): Promise<InstalledTrigger[]> {
  const { rows } = await sql<InstalledTrigger>`
    select c.relname as table, t.tgname as name, t.tgtype::int as type,
      array(select a.attname::text from unnest(t.tgattr::int2[]) as k(attnum) join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k.attnum order by 1) as columns
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc f on f.oid = t.tgfoid
    where f.proname = ${functionName} and not t.tgisinternal
    order by c.relname, t.tgname`.execute(database.db);
  return rows;
}

/** A table's columns as the database has them, sorted. */
export async function columnsOf(database: Database, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select a.attname::text as name from pg_attribute a
    where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
    order by 1`.execute(database.db);
  return rows.map((row) => row.name);
}
