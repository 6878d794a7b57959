import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.ts";
import type { Database } from "./database.ts";
import { transactionRetried } from "./retry-conflicts.ts";

// What PostgreSQL raises for the loser of a deadlock; the deliberate deadlock on a real server is in
// retry-conflicts.postgres-only.test.ts. Here the loss is raised by the work itself, so the tries and
// the time between them are exact on either database.
const deadlockLost = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

describe("a transaction that loses a conflict", () => {
  let database: Database;
  const rows = async () => (await sql<{ n: number }>`select n from tries order by n`.execute(database.db)).rows.map((row) => row.n);

  beforeAll(async () => {
    database = await openTestDatabase();
    await sql`create table tries (n int not null)`.execute(database.db);
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await sql`delete from tries`.execute(database.db);
  });

  it("runs again only after a wait, at least 20 ms and then at least 40 ms, keeping only the try that commits", async () => {
    const started: number[] = [];
    await transactionRetried(database.db, async (trx) => {
      started.push(performance.now());
      await sql`insert into tries values (${started.length})`.execute(trx);
      if (started.length < 3) throw deadlockLost();
    });
    expect(started).toHaveLength(3);
    // The winner of the conflict must get to the rows before the loser asks again (decision 179).
    // Timers may fire up to a millisecond early.
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(19);
    expect(started[2]! - started[1]!).toBeGreaterThanOrEqual(39);
    expect(await rows()).toEqual([3]);
  });

  it("gives up after the third loss, and does not retry any other error", async () => {
    let tries = 0;
    const lostThrice = transactionRetried(database.db, async () => {
      tries += 1;
      throw deadlockLost();
    });
    await expect(lostThrice).rejects.toMatchObject({ code: "40P01" });
    expect(tries).toBe(3);

    tries = 0;
    const failed = transactionRetried(database.db, async (trx) => {
      tries += 1;
      await sql`insert into tries values (1)`.execute(trx);
      throw new Error("not a conflict");
    });
    await expect(failed).rejects.toThrow("not a conflict");
    expect(tries).toBe(1);
    expect(await rows()).toEqual([]);
  });
});
