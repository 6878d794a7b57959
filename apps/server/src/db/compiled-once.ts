import type { CompiledQuery, Kysely, QueryResult } from "kysely";
import type { DB } from "./schema.ts";

// Decision 189: the hot writes' statements (a like is one statement of five CTEs) were built from
// Kysely's builders and compiled to SQL on every call: ~11% of a write's CPU on the server, and a
// new SQL text each time, which the prepared-statement lookup (decision 174) then hashed again.

/** What `build` gets in place of each value: it only stands where the value will be bound. */
class StandIn {
  constructor(readonly name: string) {}

  // A stand-in read as text or JSON means `build` computed with a value instead of binding it,
  // which would freeze the first call's stand-in into every later call's SQL: fail at once.
  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: "${this.name}" was used in JavaScript; a statement compiled once may only bind its values`);
  }

  toJSON(): never {
    return this[Symbol.toPrimitive]();
  }
}

/** A query builder or a `sql` template: whatever compiles against the database. */
type Statement<Row> = { compile(db: Kysely<DB>): CompiledQuery<Row> };

const standIns = new Proxy({} as Record<string, StandIn>, { get: (_, name) => new StandIn(String(name)) });

/**
 * A statement whose SQL depends only on its shape, built and compiled once, then bound to each
 * call's values. `build` receives stand-ins for the values: it must only hand them to the query
 * (a `where` value, `eb.val`, a `sql` template's value), never branch or compute on them; a
 * statement with another shape per case is one compiledOnce per shape.
 */
export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, values: Values) => Statement<Row>,
): (db: Kysely<DB>, values: Values) => Promise<QueryResult<Row>> {
  let template: CompiledQuery<Row> | undefined;
  return (db, values) => {
    template ??= build(db, standIns as unknown as Values).compile(db);
    const parameters = template.parameters.map((parameter) => (parameter instanceof StandIn ? values[parameter.name] : parameter));
    return db.executeQuery({ ...template, parameters });
  };
}
