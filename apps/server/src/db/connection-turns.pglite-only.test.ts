import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database.ts";
import type { Database } from "./database.ts";

/**
 * Three queries queued at once on PGlite's one connection, and a callback queued for the event
 * loop's next turn: the order they finish in tells whether the loop got a turn between queries.
 */
async function finishingOrder(database: Database): Promise<string[]> {
  const order: string[] = [];
  const query = (name: string) => sql`select 1`.execute(database.db).then(() => order.push(name));
  const queries = [query("first"), query("second"), query("third")];
  setImmediate(() => order.push("a turn of the event loop"));
  await Promise.all(queries);
  await new Promise((resolve) => setImmediate(resolve));
  return order;
}

describe("PGlite's connection while connections arrive (decision 198)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    // Warm: the first queries of a connection prepare more than the ones measured.
    await finishingOrder(database);
  });
  afterAll(() => database.close());

  it("answers a backlog in one go when no connection has arrived lately", async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await finishingOrder(database)).toEqual(["first", "second", "third", "a turn of the event loop"]);
  });

  it("gives the event loop a turn before each query while connections arrive, so the next can be accepted", async () => {
    database.connectionAccepted();
    const order = await finishingOrder(database);
    expect(order.indexOf("a turn of the event loop")).toBeLessThan(order.indexOf("second"));
    expect(order.filter((name) => name !== "a turn of the event loop")).toEqual(["first", "second", "third"]);
  });
});
