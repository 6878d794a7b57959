import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { ON_UPDATE, columnsOf, triggersCalling } from "../../testing/installed-triggers.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { COUNTER_COLUMNS, SHOWN_MEDIA_COLUMNS } from "./product-media.service.ts";

// The triggers that drop held answers when a medium changes list its shown columns by copy (a
// migration is history and imports nothing): here the copies the database runs are held to the
// one list, SHOWN_MEDIA_COLUMNS, and every column of the table is either shown or a counter.
describe("product_media's shown columns and the triggers that watch them", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
  });
  afterAll(() => database?.close());

  const shown = [...SHOWN_MEDIA_COLUMNS].sort();

  /** The column lists of the `update of …` triggers on product_media that execute `functionName`. */
  const updateColumnsOf = async (functionName: string) =>
    (await triggersCalling(database, functionName)).filter((trigger) => trigger.table === "product_media" && trigger.type & ON_UPDATE).map((trigger) => trigger.columns);

  it("has the public cache dropped by a change of any shown column (migration 0020)", async () => {
    expect(await updateColumnsOf("notify_public_cache")).toEqual([shown]);
  });

  it("has the catalogue's entries of its product dropped by a change of any shown column (migration 0100)", async () => {
    expect(await updateColumnsOf("notify_catalogue_product_media")).toEqual([shown]);
  });

  it("has every column shown or counted, and none both", async () => {
    const counters = COUNTER_COLUMNS.filter((column) => column !== "id");
    expect([...shown, ...counters].sort()).toEqual(await columnsOf(database, "product_media"));
  });
});
