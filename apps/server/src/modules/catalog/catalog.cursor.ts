import { isUuid } from "@reelmart/core/ids";

/**
 * A keyset position (created_at, id) for lists ordered newest first. The timestamp travels as the
 * database's own microsecond text: a JS Date keeps only milliseconds, and a truncated key would
 * hand the same row out again on the next page.
 */
export interface Keyset {
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** SQL text for a row's keyset timestamp in the exact form `decodeCursor` accepts. */
export const KEYSET_TIMESTAMP_FORMAT = `YYYY-MM-DD"T"HH24:MI:SS.US"Z"`;

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(`${keyset.createdAt}|${keyset.id}`).toString("base64url");
}

/** The keyset a cursor names, or null for anything this server did not hand out. */
export function decodeCursor(cursor: string): Keyset | null {
  const [createdAt, id, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!createdAt || !id || rest.length || !TIMESTAMP.test(createdAt) || !isUuid(id)) return null;
  // Reject impossible dates (Feb 31) here: PostgreSQL would answer them with an error, not a row.
  const parsed = new Date(createdAt);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 19) !== createdAt.slice(0, 19)) return null;
  return { createdAt, id };
}
