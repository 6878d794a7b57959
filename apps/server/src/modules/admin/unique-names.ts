import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { type AppError, conflict } from "../../shared/errors.ts";

/**
 * The admin's named things: one name each, whatever its case ('Shoes' and 'shoes' are one category),
 * held by migration 0215's unique indexes on lower(name). The services refuse a taken name first, in
 * words naming the one that exists; the index stops a write that passed the check together with
 * another of the same name (a double submit), answered the same way.
 */
type Named = "categories" | "brands" | "marketplaces";

const NOUN: Record<Named, string> = { categories: "category", brands: "brand", marketplaces: "marketplace" };
const KEY: Record<Named, "name" | "id"> = { categories: "name", brands: "id", marketplaces: "id" };

function nameTaken(table: Named, existing: string): AppError {
  return conflict(`A ${NOUN[table]} named “${existing}” already exists`, "name");
}

/** 409 when another row of `table` has `name`, case aside; `self` is the key of the row being renamed. */
export async function assertNameFree(db: Kysely<DB>, table: Named, name: string, self?: string): Promise<void> {
  const other = self === undefined ? sql`` : sql` and ${sql.ref(KEY[table])} <> ${self}`;
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)} where lower(name) = lower(${name})${other} limit 1`.execute(db);
  if (rows[0]) throw nameTaken(table, rows[0].name);
}

/**
 * `write`, with the refusal of an index that holds the name (a write of the same name got there first)
 * answered as the 409: the case-aside index, and for categories, whose name is their key, the primary
 * key, which a write of the very same name meets first.
 */
export async function writeNamed<T>(table: Named, name: string, write: Promise<T>): Promise<T> {
  const nameIndexes = [`${table}_name_case_aside_key`, ...(KEY[table] === "name" ? [`${table}_pkey`] : [])];
  return write.catch((error: unknown) => {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === "23505" && typeof constraint === "string" && nameIndexes.includes(constraint)) throw nameTaken(table, name);
    throw error;
  });
}
