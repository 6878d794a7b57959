import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { FEED_ORDER_CHANNEL } from "../../read-model/feed-memory.ts";
import { triggerNotificationCounter } from "../../testing/notifications.ts";
import { createMedia } from "../../testing/fixtures.ts";
import { createMarketplace, createProduct } from "../../testing/schema-rows.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { Database } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });
const secret = "test-secret-test-secret-test-secret-0123";

// Decision 191: the feed's order hears of what it reads, and of nothing else.
describe("migration 0105 (feed order notify)", () => {
  let database: Database;
  let notificationsOf: Awaited<ReturnType<typeof triggerNotificationCounter>>;
  let productId: string;
  let mediaId: string;
  let marketplaceId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database, buildAuthOptions({ config, database, secret }));
    marketplaceId = (await createMarketplace(database.db)).id;
    productId = (await createProduct(database.db, { marketplaceIds: [marketplaceId] })).id;
    mediaId = (await createMedia(database.db, productId)).id;
    notificationsOf = await triggerNotificationCounter(database, FEED_ORDER_CHANNEL);
  });
  afterAll(() => database.close());

  const reshuffle = () => sql`update products set feed_rank = random() where id = ${productId}`.execute(database.db);

  it("sends nothing for a stock change, a review's rating, a rename, a counter or a medium's title", async () => {
    const quiet = async () => {
      await sql`update products set stock = stock + 1, rating_sum = rating_sum + 5, review_count = review_count + 1, title = 'Renamed' where id = ${productId}`.execute(database.db);
      await sql`update product_media set like_count = like_count + 1, view_count = view_count + 1, title = 'Retitled' where id = ${mediaId}`.execute(database.db);
      await sql`update products set status = status, feed_rank = feed_rank`.execute(database.db);
    };
    expect(await notificationsOf(quiet, reshuffle)).toBe(1);
  });

  it("sends one for each write the order reads: status and rank, a medium's status, listings, rows coming and going", async () => {
    const nothing = async () => {};
    const writes = [
      () => sql`update products set status = 'draft' where id = ${productId}`.execute(database.db),
      () => sql`update product_media set status = 'processing' where id = ${mediaId}`.execute(database.db),
      () => sql`update marketplace_listings set is_active = false where product_id = ${productId}`.execute(database.db),
      () => createMedia(database.db, productId),
      () => createProduct(database.db),
      () => sql`delete from product_media where id = ${mediaId}`.execute(database.db),
    ];
    for (const write of writes) expect(await notificationsOf(nothing, write)).toBe(1);
  });
});
