import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./database.ts";

// Decision 199: pg speaks to PGlite through PgliteConnection, a statement's messages in one exchange
// and the answers parsed by pg's own parser. What the shop relies on from it beyond plain queries
// (which every other test file runs through it).

describe("the embedded database's connection", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "", inMemory: true });
    await sql`create table pairs (key text primary key, value int not null)`.execute(database.db);
  });
  afterAll(() => database.close());

  it("keeps a failed statement's PostgreSQL error (code, constraint) and keeps serving the session", async () => {
    await sql`insert into pairs values ('a', 1)`.execute(database.db);
    const failure = await sql`insert into pairs values ('a', 2)`.execute(database.db).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "23505", constraint: "pairs_pkey" });
    const { rows } = await sql<{ value: number }>`select value from pairs where key = 'a'`.execute(database.db);
    expect(rows).toEqual([{ value: 1 }]);
  });

  it("answers statements sent at once, each its own answer", async () => {
    const inserts = Array.from({ length: 200 }, (_, index) => sql<{ value: number }>`insert into pairs values (${`k${index}`}, ${index}) returning value`.execute(database.db));
    const answers = await Promise.all(inserts);
    expect(answers.map(({ rows }) => rows[0])).toEqual(Array.from({ length: 200 }, (_, index) => ({ value: index })));
  });

  it("reads an answer larger than PGlite writes at once, whole", async () => {
    const { rows } = await sql<{ n: number; text: string }>`select n, repeat('é', 200) || n as text from generate_series(1, 20000) n`.execute(database.db);
    expect(rows).toHaveLength(20_000);
    expect(rows[19_999]).toEqual({ n: 20_000, text: `${"é".repeat(200)}20000` });
    const { rows: [big] } = await sql<{ length: number; text: string }>`select length(t) as length, t as text from (select repeat('ab', 2000000) t) s`.execute(database.db);
    expect(big).toMatchObject({ length: 4_000_000 });
    expect(big?.text.length).toBe(4_000_000);
  });

  it("delivers a notification to the channel's listeners, whichever statement brought it in, and only while they listen", async () => {
    const received: string[] = [];
    const stop = await database.listen(
      "pairs_changed",
      (payload) => received.push(payload),
      () => {},
    );
    await sql`select pg_notify('pairs_changed', 'first')`.execute(database.db);
    await sql`select pg_notify('other_channel', 'ignored')`.execute(database.db);
    await database.db.transaction().execute(async (trx) => {
      await sql`select pg_notify('pairs_changed', 'at commit')`.execute(trx);
      expect(received).toEqual(["first"]);
    });
    await sql`select 1`.execute(database.db);
    await stop();
    await sql`select pg_notify('pairs_changed', 'after unlisten')`.execute(database.db);
    await sql`select 1`.execute(database.db);
    expect(received).toEqual(["first", "at commit"]);
  });

  it("rolls back the transaction of a client that goes away inside it, and serves the next", async () => {
    const client = await database.pool.connect();
    await client.query("begin");
    await client.query("insert into pairs values ('abandoned', 1)");
    client.release(new Error("the request handling it failed")); // the pool ends the client
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from pairs where key = 'abandoned'`.execute(database.db);
    expect(rows).toEqual([{ count: 0 }]);
    // The session is out of the transaction: what is written now stays.
    await sql`insert into pairs values ('kept', 1)`.execute(database.db);
    await database.db.transaction().execute(async (trx) => sql`select 1`.execute(trx));
    const { rows: kept } = await sql<{ key: string }>`select key from pairs where key = 'kept'`.execute(database.db);
    expect(kept).toEqual([{ key: "kept" }]);
  });

  it("answers a statement sent after the database closed with an error, instead of hanging", async () => {
    const closing = await openDatabase({ dataDir: "", inMemory: true });
    const { pool } = closing;
    await closing.close();
    await expect(pool.query("select 1")).rejects.toThrow("The embedded database is closed");
  });
});
