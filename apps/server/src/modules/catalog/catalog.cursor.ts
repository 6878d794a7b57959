import { isUuid } from "@reelmart/core/ids";
import { sql } from "kysely";

/**
 * A keyset position (created_at, id) for lists ordered newest first. The timestamp travels as
 * whole microseconds since the epoch, the database's own precision: a JS Date keeps only
 * milliseconds, and a truncated key would hand the same row out again on the next page.
 */
export interface Keyset {
  createdAtMicros: string;
  id: string;
}

const MICROS = /^-?\d{1,16}$/;

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(`${keyset.createdAtMicros}|${keyset.id}`).toString("base64url");
}

/** The keyset a cursor names, or null for anything this server did not hand out. */
export function decodeCursor(cursor: string): Keyset | null {
  const [createdAtMicros, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAtMicros || !id || rest.length || !MICROS.test(createdAtMicros) || !isUuid(id)) return null;
  // Beyond 2^53 µs (year 2255) the database's interval arithmetic would no longer be exact.
  if (Math.abs(Number(createdAtMicros)) > Number.MAX_SAFE_INTEGER) return null;
  return { createdAtMicros, id };
}

/** The aliases of the tables listed by keyset: products, brands, the media library's product_media. */
type KeysetTable = "p" | "b" | "m";

/** A row's keyset timestamp in exact microseconds (extract is numeric, not float, since PostgreSQL 14). */
export function keysetMicros(table: KeysetTable) {
  return sql<string>`(extract(epoch from ${sql.ref(`${table}.created_at`)}) * 1000000)::bigint::text`.as("keyset_at");
}

/** Rows strictly after `after` in (created_at desc, id desc) order, comparing at full precision. */
export function afterKeyset(table: KeysetTable, after: Keyset) {
  return sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (timestamptz 'epoch' + cast(${after.createdAtMicros} as bigint) * interval '1 microsecond', cast(${after.id} as uuid))`;
}

/** The cursor of the page after `rows` (fetched with one extra row, which tells whether that page exists). */
export function nextCursor<T extends { id: string; keyset_at: string }>(rows: T[], limit: number): string | null {
  const last = rows[limit - 1];
  return rows.length > limit && last ? encodeCursor({ createdAtMicros: last.keyset_at, id: last.id }) : null;
}
