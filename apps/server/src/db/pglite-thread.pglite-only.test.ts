import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, openDatabase } from "./database.ts";

// Decision 178: the embedded database on its own thread, spoken to in the wire protocol. What the
// shop relies on from it beyond plain queries (which every other test file runs through it).

describe("the embedded database's thread", () => {
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
    const inserts = Array.from({ length: 200 }, (_, index) => sql`insert into pairs values (${`k${index}`}, ${index}) returning value`.execute(database.db));
    const answers = await Promise.all(inserts);
    expect(answers.map(({ rows }) => rows[0])).toEqual(Array.from({ length: 200 }, (_, index) => ({ value: index })));
  });

  it("keeps other connections' statements out of an open transaction until it ends", async () => {
    const client = await database.pool.connect();
    await client.query("begin");
    await client.query("insert into pairs values ('uncommitted', 1)");
    // Sent while the transaction is open, on the pool's other connections: they wait for its end.
    const seenOutside = sql<{ count: number }>`select count(*)::int as count from pairs where key = 'uncommitted'`.execute(database.db);
    const written = sql`insert into pairs values ('outside', 1)`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.query("rollback");
    client.release();
    expect((await seenOutside).rows).toEqual([{ count: 0 }]);
    await written;
    const { rows } = await sql<{ key: string }>`select key from pairs where key in ('uncommitted', 'outside')`.execute(database.db);
    expect(rows).toEqual([{ key: "outside" }]);
  });

  it("rolls back the transaction of a client that goes away inside it, and serves the others", async () => {
    const client = await database.pool.connect();
    await client.query("begin");
    await client.query("insert into pairs values ('abandoned', 1)");
    client.release(new Error("the request handling it failed")); // the pool drops the client
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from pairs where key = 'abandoned'`.execute(database.db);
    expect(rows).toEqual([{ count: 0 }]);
  });

  it("delivers a notification to the channel's listeners, whichever statement brought it in", async () => {
    const received: string[] = [];
    const stop = await database.listen("pairs_changed", (payload) => received.push(payload));
    await sql`select pg_notify('pairs_changed', 'first')`.execute(database.db);
    await sql`select pg_notify('other_channel', 'ignored')`.execute(database.db);
    await sql`select 1`.execute(database.db);
    await stop();
    await sql`select pg_notify('pairs_changed', 'after unlisten')`.execute(database.db);
    await sql`select 1`.execute(database.db);
    expect(received).toEqual(["first"]);
  });

  it("answers with a clear error once closed, instead of hanging", async () => {
    const closing = await openDatabase({ dataDir: "", inMemory: true });
    await closing.close();
    await expect(sql`select 1`.execute(closing.db)).rejects.toThrow("The embedded database is closed");
  });

  it("does not keep a process alive once its work is done", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "reelmart-thread-"));
    const here = path.dirname(fileURLToPath(import.meta.url));
    // A script that opens the shop's database (this run's migrated one, to skip initdb), queries it
    // and never closes it: it must still exit.
    const script = path.join(dataDir, "open-and-forget.mts");
    writeFileSync(
      script,
      `import { readFileSync } from "node:fs";
      import { openDatabase } from ${JSON.stringify(path.join(here, "database.ts"))};
      const fromDump = new Blob([readFileSync(${JSON.stringify(inject("migratedTemplate")?.pgliteDump)})]);
      const database = await openDatabase({ dataDir: "", inMemory: true, fromDump });
      const { rows } = await database.pool.query("select count(*)::int + 42 as answer from kysely_migration where false");
      console.log(rows[0].answer);`,
    );
    try {
      const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk));
      const code = await new Promise<number | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error(`still running after 45 s: ${output}`));
        }, 45_000);
        child.on("exit", (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect({ code, output: output.trim() }).toEqual({ code: 0, output: "42" });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
