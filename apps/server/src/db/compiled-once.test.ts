import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.ts";
import { compiledOnce } from "./compiled-once.ts";
import type { Database } from "./database.ts";

describe("statements compiled once (decision 189)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("builds the statement once and binds each call's own values, in a builder and in a sql template", async () => {
    let builds = 0;
    const statement = compiledOnce((db, { word, times }: { word: string; times: number }) => {
      builds++;
      return db.selectNoFrom((eb) => [eb.val(word).as("word"), sql<number>`${times}::int * 2`.as("doubled")]);
    });
    const answers = [];
    for (const [word, times] of [["one", 1], ["two", 2], ["three", 3]] as const) {
      const { rows } = await statement(database.db, { word, times });
      answers.push(rows[0]);
    }
    expect(answers).toEqual([
      { word: "one", doubled: 2 },
      { word: "two", doubled: 4 },
      { word: "three", doubled: 6 },
    ]);
    expect(builds).toBe(1);
  });

  it("runs in the caller's transaction", async () => {
    const statement = compiledOnce((db, { value }: { value: number }) => sql<{ seen: number }>`select ${value}::int as seen, pg_current_xact_id_if_assigned() is not null as in_transaction`);
    await database.db.transaction().execute(async (trx) => {
      await sql`create temporary table compiled_once_probe (id int) on commit drop`.execute(trx);
      const { rows } = await statement(trx, { value: 5 });
      expect(rows[0]).toMatchObject({ seen: 5, in_transaction: true });
    });
  });

  it("refuses a build that computes with a value instead of binding it", async () => {
    const statement = compiledOnce((db, { name }: { name: string }) => sql`select ${`hello ${name}`} as greeting`);
    expect(() => statement(database.db, { name: "ada" })).toThrow(/"name" was used in JavaScript/);
    const encoded = compiledOnce((db, { id }: { id: string }) => sql`select ${JSON.stringify({ id })} as notice`);
    expect(() => encoded(database.db, { id: "x" })).toThrow(/"id" was used in JavaScript/);
  });
});
