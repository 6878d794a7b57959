import { setTimeout } from "node:timers/promises";
import { type CompiledQuery, type DatabaseConnection, type Driver, type Kysely, PostgresDialect, type QueryResult, type Transaction, type TransactionSettings } from "kysely";

// PostgreSQL ends one of two transactions that wait on each other (deadlock_detected, 40P01) or
// whose snapshots conflict (serialization_failure, 40001) so the other goes on, and expects the
// application to run the loser again: nothing of it was kept. Shoppers' likes, shares and comments
// beside the view roll-up move the same daily rows and counters; at 50 connections on PostgreSQL 53
// of 25,000 mixed requests answered 500 with a deadlock before this (issue #14's mixed traffic).

const CONFLICT_CODES = new Set(["40P01", "40001"]);
/** Tries in all: a deadlock between two short statements clears at the first retry. */
const ATTEMPTS = 3;
/**
 * The wait before the second try; the third waits twice as long. The loser's locks go the moment it
 * is ended, but the winner, woken from its wait, must still take the row it waited for: a loser
 * that asks again at once can take that row first and deadlock with the same winner again (seen in
 * CI: three tries lost in a row). A few milliseconds, against the second PostgreSQL spends to find
 * a deadlock at all.
 */
const RETRY_DELAY_MS = 20;

export function isConflict(error: unknown): boolean {
  return typeof error === "object" && error !== null && CONFLICT_CODES.has((error as { code?: unknown }).code as string);
}

async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= ATTEMPTS || !isConflict(error)) throw error;
    }
    // Random within the step, so two losers of one conflict do not meet again.
    await setTimeout(RETRY_DELAY_MS * 2 ** (tries - 1) * (1 + Math.random()));
  }
}

/**
 * A statement outside a transaction is run again when it loses a conflict. One inside a transaction
 * is not (the transaction is aborted; `transactionRetried` runs it whole again).
 */
export class ConflictRetryingDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ConflictRetryingDriver(super.createDriver());
  }
}

class ConflictRetryingDriver implements Driver {
  readonly #driver: Driver;
  readonly #inTransaction = new WeakSet<DatabaseConnection>();

  constructor(driver: Driver) {
    this.#driver = driver;
  }

  init(): Promise<void> {
    return this.#driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#driver.acquireConnection();
    const inTransaction = this.#inTransaction;
    // The connection Kysely hands back to the driver's other methods: the same object, its
    // executeQuery wrapped once (the pg driver keeps one connection object per client).
    if (!Object.hasOwn(connection, "executeQuery")) {
      const execute = connection.executeQuery.bind(connection);
      Object.defineProperty(connection, "executeQuery", {
        value: <R>(query: CompiledQuery): Promise<QueryResult<R>> => (inTransaction.has(connection) ? execute<R>(query) : retried(() => execute<R>(query))),
      });
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    this.#inTransaction.add(connection);
    await this.#driver.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#driver.commitTransaction(connection);
    } finally {
      this.#inTransaction.delete(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#driver.rollbackTransaction(connection);
    } finally {
      this.#inTransaction.delete(connection);
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction.delete(connection);
    return this.#driver.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.#driver.destroy();
  }
}

/** `db.transaction().execute(work)`, run whole again when it loses a conflict; `work` must only touch the database. */
export function transactionRetried<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return retried(() => db.transaction().execute(work));
}
