import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { recordView } from "../feed/feed.service.ts";
import { rollUpViews } from "./rollups.ts";

// Views are counted off the request (decision 151): recording one writes the view row only, and
// rollUpViews counts each row exactly once, however many instances run it at the same time.
describe("rollUpViews", () => {
  let server: TestServer;
  let database: Database;
  beforeAll(async () => {
    server = await startTestServer();
    database = server.deps.database;
  });
  afterAll(() => server.close());

  const daily = async (mediaId: string, productId: string) => {
    const media = await database.db.selectFrom("analytics_media_daily").select(["views", "unique_viewers"]).where("media_id", "=", mediaId).executeTakeFirst();
    const product = await database.db.selectFrom("analytics_product_daily").select(["views", "unique_viewers"]).where("product_id", "=", productId).executeTakeFirst();
    return { media: media ?? null, product: product ?? null };
  };

  it("leaves the rollups alone on the request, then counts views and new viewers exactly once", async () => {
    const { db } = database;
    const product = await createProduct(db, { title: "Counted lamp" });
    const media = await createMedia(db, product.id);
    for (const sessionId of ["session-a", "session-a", "session-b"]) await recordView(db, { mediaId: media.id, sessionId, userId: null });
    expect(await daily(media.id, product.id)).toEqual({ media: null, product: null });

    // Two instances' jobs at once: every row is counted by exactly one of them.
    const counted = await Promise.all([rollUpViews(db), rollUpViews(db)]);
    expect(counted[0] + counted[1]).toBe(3);
    expect(await daily(media.id, product.id)).toEqual({ media: { views: 3, unique_viewers: 2 }, product: { views: 3, unique_viewers: 2 } });

    // A session already counted today is not a new viewer in a later batch.
    for (const sessionId of ["session-a", "session-c"]) await recordView(db, { mediaId: media.id, sessionId, userId: null });
    expect(await rollUpViews(db)).toBe(2);
    expect(await rollUpViews(db)).toBe(0);
    expect(await daily(media.id, product.id)).toEqual({ media: { views: 5, unique_viewers: 3 }, product: { views: 5, unique_viewers: 3 } });
    const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from video_views where not counted`.execute(db);
    expect(rows[0]?.waiting).toBe(0);
  });
});
