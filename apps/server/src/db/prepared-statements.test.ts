import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.ts";
import { type Database, openDatabase } from "./database.ts";
import { MAX_PREPARED_STATEMENTS, PREPARE_AFTER_RUNS, PreparedStatements } from "./prepared-statements.ts";

describe("prepared statements (decision 174)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** The statements prepared on the connection `run` uses, after `run`. */
  async function preparedAfter(run: (db: Database["db"]) => Promise<void>): Promise<string[]> {
    return database.db.connection().execute(async (connection) => {
      await run(connection);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
      return rows.map((row) => row.statement);
    });
  }

  it("prepares a parameterised statement once it has run often enough, and answers the same", async () => {
    const sums: number[] = [];
    const prepared = await preparedAfter(async (db) => {
      for (let run = 1; run <= PREPARE_AFTER_RUNS + 2; run++) {
        const { rows } = await sql<{ sum: number }>`select ${run}::int + 1000 as sum /* repeated */`.execute(db);
        sums.push(rows[0]!.sum);
      }
    });
    expect(sums).toEqual(Array.from({ length: PREPARE_AFTER_RUNS + 2 }, (_, index) => index + 1001));
    expect(prepared.filter((statement) => statement.includes("/* repeated */"))).toHaveLength(1);
  });

  it("leaves rare statements and statements without parameters unprepared", async () => {
    const prepared = await preparedAfter(async (db) => {
      for (let run = 1; run < PREPARE_AFTER_RUNS; run++) await sql`select ${run}::int /* rare */`.execute(db);
      for (let run = 1; run <= PREPARE_AFTER_RUNS + 2; run++) await sql`select 1 /* no parameters */; select 2 /* no parameters */`.execute(db);
    });
    expect(prepared.filter((statement) => statement.includes("/* rare */") || statement.includes("/* no parameters */"))).toEqual([]);
  });

  it("reports a broken statement's own error every time, also past the threshold", async () => {
    for (let run = 1; run <= PREPARE_AFTER_RUNS + 2; run++) {
      await expect(sql`select ${run}::int from no_such_table_anywhere`.execute(database.db)).rejects.toMatchObject({ code: "42P01" });
    }
  });

  it("keeps answering in a transaction that reuses a prepared statement after a rollback", async () => {
    const text = (value: number) => sql<{ value: number }>`select ${value}::int as value /* across transactions */`;
    for (let run = 1; run <= PREPARE_AFTER_RUNS + 1; run++) await text(run).execute(database.db);
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect((await text(7).execute(trx)).rows[0]!.value).toBe(7);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await text(8).execute(database.db)).rows[0]!.value).toBe(8);
  });
});

describe("DATABASE_PREPARED_STATEMENTS=false", () => {
  it("sends every statement unnamed", async () => {
    const database = await openDatabase({ dataDir: "", inMemory: true, prepareStatements: false });
    try {
      for (let run = 1; run <= PREPARE_AFTER_RUNS + 2; run++) await sql`select ${run}::int /* never prepared */`.execute(database.db);
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements`.execute(database.db);
      expect(rows[0]!.count).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe("PreparedStatements", () => {
  it("names a text from its PREPARE_AFTER_RUNS-th run on, always with the same name", () => {
    const statements = new PreparedStatements();
    const names = Array.from({ length: PREPARE_AFTER_RUNS + 2 }, () => statements.nameFor("select $1", 1));
    expect(names.slice(0, PREPARE_AFTER_RUNS - 1)).toEqual(Array(PREPARE_AFTER_RUNS - 1).fill(undefined));
    expect(new Set(names.slice(PREPARE_AFTER_RUNS - 1)).size).toBe(1);
    expect(names.at(-1)).toMatch(/^reelmart_\d+$/);
  });

  it(`prepares at most ${MAX_PREPARED_STATEMENTS} texts; the rest keep going out unnamed`, () => {
    const statements = new PreparedStatements();
    const nameAfterThreshold = (text: string) => {
      let name: string | undefined;
      for (let run = 0; run < PREPARE_AFTER_RUNS; run++) name = statements.nameFor(text, 1);
      return name;
    };
    const names = Array.from({ length: MAX_PREPARED_STATEMENTS }, (_, index) => nameAfterThreshold(`select $1 + ${index}`));
    expect(new Set(names).size).toBe(MAX_PREPARED_STATEMENTS);
    expect(nameAfterThreshold("select $1 + 'one too many'")).toBeUndefined();
    expect(statements.nameFor("select $1 + 0", 1)).toBe(names[0]);
  });
});
