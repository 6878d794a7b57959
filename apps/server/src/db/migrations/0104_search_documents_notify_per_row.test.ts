import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { SEARCH_INDEX_CHANNEL } from "../../read-model/search-memory.ts";
import { triggerNotificationCounter } from "../../testing/notifications.ts";
import { createProduct } from "../../testing/fixtures.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { Database } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });
const secret = "test-secret-test-secret-test-secret-0123";

// Decision 175: search_documents tells the index about the columns it reads, row by row.
describe("migration 0104 (search_documents notify per row)", () => {
  let database: Database;
  let notificationsOf: Awaited<ReturnType<typeof triggerNotificationCounter>>;
  let productIds: string[];
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database, buildAuthOptions({ config, database, secret }));
    productIds = [(await createProduct(database.db, { title: "Lamp" })).id, (await createProduct(database.db, { title: "Kettle" })).id];
    notificationsOf = await triggerNotificationCounter(database, SEARCH_INDEX_CHANNEL);
  });
  afterAll(() => database.close());

  const changePrice = () => sql`update search_documents set sale_price = sale_price + 1 where product_id = ${productIds[0]}`.execute(database.db);

  it("sends nothing for a popularity update (a like, a view rollup, an order's units)", async () => {
    const popularity = () => sql`update search_documents set popularity = popularity + 5 where product_id = any(${productIds})`.execute(database.db);
    expect(await notificationsOf(popularity, changePrice)).toBe(1);
  });

  it("sends nothing when the indexed columns are set to the values they had", async () => {
    const same = () => sql`update search_documents set in_stock = in_stock, category = category, active = active`.execute(database.db);
    expect(await notificationsOf(same, changePrice)).toBe(1);
  });

  it("sends one notification for a statement that changes indexed columns of many rows", async () => {
    const nothing = async () => {};
    const both = () => sql`update search_documents set in_stock = not in_stock where product_id = any(${productIds})`.execute(database.db);
    expect(await notificationsOf(nothing, both)).toBe(1);
  });
});
