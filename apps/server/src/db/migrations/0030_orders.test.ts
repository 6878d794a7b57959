import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { buildAuthOptions } from "../../modules/auth/auth-options.ts";
import { createProduct } from "../../testing/schema-rows.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { Database } from "../database.ts";
import { migrateToLatest, migrateUpTo } from "../migrate.ts";

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" });
const secret = "test-secret-test-secret-test-secret-0123";

// Decision 100: carts filled before variant cart lines existed (product and quantity only) keep
// every line through migration 0030.
describe("migration 0030 (variant cart lines)", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("keeps every cart line from before it: a one-variant product gets its variant, the others wait for a choice", async () => {
    database = await openTestDatabase();
    const authOptions = buildAuthOptions({ config, database, secret });
    await migrateUpTo(database, authOptions, "0020_media_studio");
    const { db } = database;

    await db.insertInto("user").values({ id: "shopper-before-0030", name: "Asha", email: "asha@example.test", emailVerified: true, image: null, createdAt: new Date(), updatedAt: new Date() }).execute();
    const lamp = await createProduct(db, { title: "Lamp" });
    const mug = await createProduct(db, { title: "Mug" });
    const hoodie = await createProduct(db, { title: "Hoodie" });
    const [mugVariant] = await db.insertInto("product_variants").values({ product_id: mug.id, color: "Blue", stock: 4 }).returning("id").execute();
    await db
      .insertInto("product_variants")
      .values([
        { product_id: hoodie.id, size: "M", stock: 3 },
        { product_id: hoodie.id, size: "L", stock: 2 },
      ])
      .execute();
    // As the release before 0030 wrote them: no variant column exists yet.
    await sql`insert into cart_items (user_id, product_id, quantity) values
      ('shopper-before-0030', ${lamp.id}, 1), ('shopper-before-0030', ${mug.id}, 2), ('shopper-before-0030', ${hoodie.id}, 3)`.execute(db);

    expect(await migrateToLatest(database, authOptions)).toContain("0030_orders");

    const lines = await db.selectFrom("cart_items").select(["product_id", "variant_id", "quantity"]).where("user_id", "=", "shopper-before-0030").execute();
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        { product_id: lamp.id, variant_id: null, quantity: 1 },
        { product_id: mug.id, variant_id: mugVariant!.id, quantity: 2 },
        { product_id: hoodie.id, variant_id: null, quantity: 3 },
      ]),
    );
    // The new line key holds for migrated lines: the hoodie's variant-less line stays one line.
    await expect(db.insertInto("cart_items").values({ user_id: "shopper-before-0030", product_id: hoodie.id, quantity: 1 }).execute()).rejects.toThrow();
  });
});
