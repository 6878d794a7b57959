import { Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { eventually } from "../../testing/eventually.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { recordShare } from "../engagement/shares.service.ts";
import { recordView } from "../feed/feed.service.ts";
import { countToday, rollUpViews } from "./rollups.ts";

// The view roll-up and an event write (a like, comment, share or cart add) both move a product's and
// a media's daily rows. In session 12's mixed traffic on PostgreSQL a share and the roll-up took them
// in opposite orders and deadlocked three times in a row (a 500). Both now take the media's row
// first (decision 182); each check holds one row from another connection, starts the statement
// (without the server's retry, so a deadlock would surface) and looks at what it took meanwhile.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the daily rows' lock order on PostgreSQL", () => {
  let database: Database;
  let plain: Kysely<DB>;
  let productId: string;
  let mediaId: string;

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
    plain = new Kysely<DB>({ dialect: new PostgresDialect({ pool: database.pool }) });
    productId = (await createProduct(database.db)).id;
    mediaId = (await createMedia(database.db, productId, { type: "video" })).id;
    // Today's rows exist, so each statement locks them (a conflict's update) rather than inserting.
    await countToday(database.db, "likes", { productId, mediaId });
  });
  afterAll(() => database?.close());

  const mediaRow = () => sql`select 1 from analytics_media_daily where media_id = ${mediaId}`;
  const productRow = () => sql`select 1 from analytics_product_daily where product_id = ${productId}`;

  /** Holds the `held` row (for update) elsewhere, runs `statement` until it waits, and says whether the `probe` row is free meanwhile. */
  async function whileWaiting(held: typeof mediaRow, statement: () => Promise<unknown>, probe: typeof mediaRow): Promise<{ probeFree: boolean }> {
    const other = await database.pool.connect();
    try {
      await other.query("begin");
      const compiled = sql`${held()} for update`.compile(plain);
      await other.query(compiled.sql, [...compiled.parameters]);
      const outcome = statement();
      await eventually(async () => {
        const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
        return rows[0]?.waiting === 1;
      }, "the statement never waited for the held row");
      const probed = sql`${probe()} for update nowait`.compile(plain);
      const probeFree = await other.query(probed.sql, [...probed.parameters]).then(
        () => true,
        () => false,
      );
      // Ends the transaction either way (a failed probe has aborted it), releasing the held row.
      await other.query("commit");
      await outcome;
      return { probeFree };
    } finally {
      other.release();
    }
  }

  it("an event write takes the media's row first: waiting for the product's, it holds the media's", async () => {
    expect(await whileWaiting(productRow, () => recordShare(plain, mediaId, null, { platform: "native" }), mediaRow)).toEqual({ probeFree: false });
  });

  it("the roll-up takes the media's rows first too: waiting for the media's, it holds no product's", async () => {
    await recordView(database.db, { mediaId, sessionId: "lock-order", userId: null });
    expect(await whileWaiting(mediaRow, () => rollUpViews(plain), productRow)).toEqual({ probeFree: true });
    expect((await sql<{ views: number }>`select views from analytics_product_daily where product_id = ${productId}`.execute(database.db)).rows[0]?.views).toBe(1);
  });
});
