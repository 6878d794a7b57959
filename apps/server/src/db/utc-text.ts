import { type RawBuilder, sql } from "kysely";

/**
 * A timestamp as ISO 8601 text in UTC, written by the database: "ms" as `Date.toISOString` writes it
 * (what the API answers, so SQL-made JSON matches the routes'), "us" to the microsecond (a keyset
 * sort value, which must not round: JavaScript dates would).
 */
export function utcText(column: string, precision: "ms" | "us"): RawBuilder<string> {
  const format = precision === "ms" ? `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'` : `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', ${sql.raw(format)})`;
}
