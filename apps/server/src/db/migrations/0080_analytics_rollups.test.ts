import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { createMedia } from "../../testing/fixtures.ts";
import { createProduct } from "../../testing/schema-rows.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { Database } from "../database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });
const secret = "test-secret-test-secret-test-secret-0123";

// Decision 150: the rollups start from the event rows written before they existed.
describe("migration 0080 (analytics rollups)", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("backfills daily figures per media and per product from views, likes, saves, cart lines and orders", async () => {
    database = await openTestDatabase();
    const authOptions = buildAuthOptions({ config, database, secret });
    await migrateUpTo(database, authOptions, "0030_orders");
    const { db } = database;

    await db.insertInto("user").values({ id: "shopper-before-0080", name: "Asha", email: "asha@example.test", emailVerified: true, image: null, createdAt: new Date(), updatedAt: new Date() }).execute();
    const lamp = await createProduct(db, { title: "Lamp" });
    const video = await createMedia(db, lamp.id);
    await sql`insert into video_views (media_id, product_id, session_id, viewed_at) values
      (${video.id}, ${lamp.id}, 'a', '2026-03-01T10:00:00Z'), (${video.id}, ${lamp.id}, 'a', '2026-03-01T11:00:00Z'),
      (${video.id}, ${lamp.id}, 'b', '2026-03-01T23:30:00Z'), (${video.id}, ${lamp.id}, 'a', '2026-03-02T00:10:00Z')`.execute(db);
    await sql`insert into video_likes (media_id, product_id, user_id, created_at) values (${video.id}, ${lamp.id}, 'shopper-before-0080', '2026-03-01T12:00:00Z')`.execute(db);
    await sql`insert into saved_items (user_id, product_id, created_at) values ('shopper-before-0080', ${lamp.id}, '2026-03-02T09:00:00Z')`.execute(db);
    await sql`insert into cart_items (user_id, product_id, media_id, quantity, created_at) values ('shopper-before-0080', ${lamp.id}, ${video.id}, 1, '2026-03-02T09:05:00Z')`.execute(db);
    const order = await sql<{ id: string }>`insert into orders (user_id, status, payment_status, payment_method, subtotal_paise, delivery_fee_paise, total_paise, item_count, shipping_address, created_at)
      values ('shopper-before-0080', 'placed', 'authorized', 'cod', 70000, 0, 70000, 2, '{}', '2026-03-02T10:00:00Z') returning id`.execute(db);
    await sql`insert into order_lines (order_id, product_id, media_id, title, unit_price_paise, quantity, line_total_paise, position)
      values (${order.rows[0]!.id}, ${lamp.id}, ${video.id}, 'Lamp', 35000, 2, 70000, 0)`.execute(db);

    expect(await migrateToLatest(database, authOptions)).toContain("0080_analytics_rollups");

    const figures = "views, unique_viewers, likes, add_to_carts, orders, units, revenue_paise::int as revenue_paise";
    const media = await sql`select day::text as day, ${sql.raw(figures)} from analytics_media_daily order by day`.execute(db);
    expect(media.rows).toEqual([
      { day: "2026-03-01", views: 3, unique_viewers: 2, likes: 1, add_to_carts: 0, orders: 0, units: 0, revenue_paise: 0 },
      { day: "2026-03-02", views: 1, unique_viewers: 1, likes: 0, add_to_carts: 1, orders: 1, units: 2, revenue_paise: 70_000 },
    ]);
    const product = await sql`select day::text as day, saves, ${sql.raw(figures)} from analytics_product_daily order by day`.execute(db);
    expect(product.rows).toEqual([
      { day: "2026-03-01", saves: 0, views: 3, unique_viewers: 2, likes: 1, add_to_carts: 0, orders: 0, units: 0, revenue_paise: 0 },
      { day: "2026-03-02", saves: 1, views: 1, unique_viewers: 1, likes: 0, add_to_carts: 1, orders: 1, units: 2, revenue_paise: 70_000 },
    ]);
  });
});
