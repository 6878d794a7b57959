import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

// Decision 174: a statement the server keeps sending is prepared once per connection, as the
// PostgreSQL JDBC driver does (prepareThreshold 5, preparedStatementCacheQueries 256). Kysely sends
// every query unnamed, so the database parses, rewrites and plans it again each time; for a like
// (one statement of five CTEs and the triggers it fires) that was most of its cost on PGlite.

/** Runs of one text with parameters after which it is prepared (JDBC's prepareThreshold). */
export const PREPARE_AFTER_RUNS = 5;
/** Texts prepared at most, so one-off statements cannot fill the database's plan cache. */
export const MAX_PREPARED_STATEMENTS = 256;
/** Distinct texts counted at most; the counts start over when full (only repeats matter). */
const MAX_COUNTED_TEXTS = 4096;

/** Which statement texts are hot enough to prepare, and the one name each gets on every connection. */
export class PreparedStatements {
  readonly #runs = new Map<string, number>();
  readonly #names = new Map<string, string>();

  /** The name to prepare `text` under, or undefined to send it unnamed this time. */
  nameFor(text: string, parameterCount: number): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined) return name;
    // Without parameters pg uses the simple protocol, which allows several statements in one text
    // (migrations do); a prepared statement must be one.
    if (parameterCount === 0 || this.#names.size >= MAX_PREPARED_STATEMENTS) return undefined;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER_RUNS) {
      if (this.#runs.size >= MAX_COUNTED_TEXTS) this.#runs.clear();
      this.#runs.set(text, runs);
      return undefined;
    }
    this.#runs.delete(text);
    const prepared = `reelmart_${this.#names.size + 1}`;
    this.#names.set(text, prepared);
    return prepared;
  }
}

/** Where Kysely's connections come from: pg's pool, or PGlite's, handed out in turns while connections arrive (database.ts). */
export interface ClientSource {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/** A pg client whose repeated statements go out named (prepared), per `statements`. */
class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly statements: PreparedStatements,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(textOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Streaming (Kysely's cursor) goes through pg untouched.
    if (typeof textOrCursor !== "string") return this.client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = [...parameters];
    const name = this.statements.nameFor(textOrCursor, values.length);
    const result = name ? this.client.query({ name, text: textOrCursor, values }) : this.client.query(textOrCursor, values);
    // pg types `command` as any string; Kysely reads it only to count affected rows.
    return result as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}

/**
 * The pool Kysely's PostgresDialect uses: pg's own, with each client's queries named by
 * `statements`. pg prepares a named statement on a connection the first time it sends it there and
 * only binds and executes it afterwards; a failed Parse is not remembered (pg records a name on
 * ParseComplete), so a broken text reports its own error every time.
 */
export function preparingPool(pool: ClientSource, statements: PreparedStatements): PostgresPool {
  // One wrapper per pg client: Kysely keeps its connection state per client object.
  const wrappers = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new PreparingClient(client, statements);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
