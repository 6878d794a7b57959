import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { createProduct } from "../../testing/fixtures.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { Database } from "../database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";

// Decision 201: every transaction that changes a shopper's cart lines moves their version by one,
// whoever writes and however many statements or triggers it takes; nothing else moves it.
describe("migration 0106 (cart versions)", () => {
  let database: Database;
  let products: string[];

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
    products = [];
    for (let index = 0; index < 4; index++) products.push((await createProduct(database.db, { stock: 100 })).id);
  });
  afterAll(() => database?.close());

  const createShopper = async () => {
    const id = crypto.randomUUID();
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${id}, 'Shopper', ${`${id}@example.test`}, true, now(), now())`.execute(database.db);
    return id;
  };
  const versionOf = async (userId: string) =>
    (await database.db.selectFrom("cart_versions").select("version").where("user_id", "=", userId).executeTakeFirst())?.version ?? null;
  const addLine = (userId: string, productId: string, quantity = 1) =>
    sql`insert into cart_items (user_id, product_id, quantity) values (${userId}, ${productId}, ${quantity})
      on conflict on constraint cart_items_line_key do update set quantity = cart_items.quantity + excluded.quantity`.execute(database.db);

  it("starts a shopper at 1 with their first line and moves by one for each add, change and removal", async () => {
    const shopper = await createShopper();
    expect(await versionOf(shopper)).toBeNull();
    await addLine(shopper, products[0]!);
    expect(await versionOf(shopper)).toBe(1);
    await addLine(shopper, products[0]!);
    expect(await versionOf(shopper)).toBe(2);
    await database.db.updateTable("cart_items").set({ quantity: 5 }).where("user_id", "=", shopper).execute();
    expect(await versionOf(shopper)).toBe(3);
    await database.db.deleteFrom("cart_items").where("user_id", "=", shopper).execute();
    expect(await versionOf(shopper)).toBe(4);
  });

  it("moves once for one statement that creates one line and adds to another (the insert and the update trigger)", async () => {
    const shopper = await createShopper();
    await addLine(shopper, products[0]!);
    await sql`insert into cart_items (user_id, product_id, quantity) values (${shopper}, ${products[0]!}, 1), (${shopper}, ${products[1]!}, 1), (${shopper}, ${products[2]!}, 1)
      on conflict on constraint cart_items_line_key do update set quantity = cart_items.quantity + excluded.quantity`.execute(database.db);
    expect(await versionOf(shopper)).toBe(2);
  });

  it("moves once for a transaction of several statements, and each shopper a statement touches once", async () => {
    const [first, second, untouched] = [await createShopper(), await createShopper(), await createShopper()];
    await addLine(untouched!, products[0]!);
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into cart_items (user_id, product_id, quantity) values (${first!}, ${products[0]!}, 1), (${second!}, ${products[0]!}, 1)`.execute(trx);
      await sql`insert into cart_items (user_id, product_id, quantity) values (${first!}, ${products[1]!}, 1), (${second!}, ${products[1]!}, 1)`.execute(trx);
      await trx.deleteFrom("cart_items").where("user_id", "=", first!).where("product_id", "=", products[0]!).execute();
    });
    expect([await versionOf(first!), await versionOf(second!), await versionOf(untouched!)]).toEqual([1, 1, 1]);
    // A statement that changes none of a shopper's lines leaves their version alone.
    await database.db.deleteFrom("cart_items").where("user_id", "=", first!).where("product_id", "=", products[3]!).execute();
    await database.db.updateTable("products").set({ stock: 99 }).where("id", "=", products[0]!).execute();
    expect([await versionOf(first!), await versionOf(second!), await versionOf(untouched!)]).toEqual([1, 1, 1]);
  });

  it("moves the shoppers whose lines go with a deleted product, and goes with a deleted shopper", async () => {
    const product = (await createProduct(database.db)).id;
    const [holder, bystander] = [await createShopper(), await createShopper()];
    await addLine(holder!, product);
    await addLine(bystander!, products[0]!);
    await database.db.deleteFrom("products").where("id", "=", product).execute();
    expect(await versionOf(holder!)).toBe(2);
    expect(await versionOf(bystander!)).toBe(1);

    await database.db.deleteFrom("user").where("id", "=", bystander!).execute();
    expect(await versionOf(bystander!)).toBeNull();
    expect(await database.db.selectFrom("cart_items").select("id").where("user_id", "=", bystander!).execute()).toEqual([]);
  });

  it("gives the carts filled before it a version", async () => {
    const older = await openTestDatabase();
    try {
      const authOptions = buildAuthOptions({ config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" }), database: older, secret: "test-secret-test-secret-test-secret-0123" });
      await migrateUpTo(older, authOptions, "0105_feed_order_notify");
      await older.db.insertInto("user").values({ id: "shopper-before-0106", name: "Asha", email: "asha@example.test", emailVerified: true, image: null, createdAt: new Date(), updatedAt: new Date() }).execute();
      const product = await createProduct(older.db);
      await older.db.insertInto("cart_items").values({ user_id: "shopper-before-0106", product_id: product.id, quantity: 2 }).execute();
      await migrateToLatest(older, authOptions);
      expect(await older.db.selectFrom("cart_versions").selectAll().execute()).toEqual([{ user_id: "shopper-before-0106", version: 1, moved_by: 0 }]);
    } finally {
      await older.close();
    }
  });

  it("moves every shopper's version when the lines are truncated", async () => {
    const shopper = await createShopper();
    await addLine(shopper, products[0]!);
    const before = await database.db.selectFrom("cart_versions").select(["user_id", "version"]).execute();
    await sql`truncate cart_items`.execute(database.db);
    const after = new Map((await database.db.selectFrom("cart_versions").select(["user_id", "version"]).execute()).map((row) => [row.user_id, row.version]));
    for (const row of before) expect(after.get(row.user_id)).toBe(row.version + 1);
  });
});
