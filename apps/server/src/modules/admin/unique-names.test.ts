import type { ErrorBody } from "@reelmart/core/api/errors";
import type { AdminBrand, AdminCategory, AdminMarketplace } from "@reelmart/core/api/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { migrateToLatest, migrateUpTo } from "../../db/migrate.ts";
import { createProduct } from "../../testing/fixtures.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { buildAuthOptions } from "../auth/auth-options.ts";

// Issue 40, item 7: a category, brand or marketplace name is one whatever its case; the owner is
// told which one already has it (migration 0215, unique-names.ts).
describe("names taken case aside", () => {
  let server: TestServer;
  let admin: TestUser;

  const call = <T = unknown>(method: string, path: string, body: unknown) =>
    server.json<T>(`/api/admin${path}`, { method, headers: { ...admin.headers, "content-type": "application/json" }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUpUser(server, { admin: true });
  });
  afterAll(() => server.close());

  it("refuses a category that differs only in case, on create and on rename, and lets one change its own case", async () => {
    expect((await call("POST", "/categories", { name: "Shoes" })).status).toBe(201);
    const again = await call<ErrorBody>("POST", "/categories", { name: "shoes" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ message: "A category named “Shoes” already exists", field: "name" });

    expect((await call("POST", "/categories", { name: "Boots" })).status).toBe(201);
    const renamed = await call<ErrorBody>("PUT", "/categories/Boots", { name: "SHOES" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.message).toBe("A category named “Shoes” already exists");

    const product = await createProduct(server.deps.database.db, { category: "Shoes" });
    const recased = await call<AdminCategory>("PUT", "/categories/Shoes", { name: "SHOES" });
    expect(recased).toEqual({ status: 200, body: { name: "SHOES", productCount: 1 } });
    const moved = await server.deps.database.db.selectFrom("products").select("category").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(moved.category).toBe("SHOES");
    const names = (await server.json<{ items: AdminCategory[] }>("/api/admin/categories", { headers: admin.headers })).body.items.map((category) => category.name);
    expect(names.filter((name) => name.toLowerCase() === "shoes")).toEqual(["SHOES"]);
  });

  it("refuses a brand named like another, case aside, on create and on edit", async () => {
    const brand = { description: "", websiteUrl: "", featured: false };
    expect((await call("POST", "/brands", { ...brand, name: "Lumen Works" })).status).toBe(201);
    const again = await call<ErrorBody>("POST", "/brands", { ...brand, name: "lumen works" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ message: "A brand named “Lumen Works” already exists", field: "name" });
    const other = await call<AdminBrand>("POST", "/brands", { ...brand, name: "Halo" });
    expect((await call<ErrorBody>("PUT", `/brands/${other.body.id}`, { ...brand, name: "LUMEN WORKS" })).body.error.message).toBe("A brand named “Lumen Works” already exists");
    expect((await call<AdminBrand>("PUT", `/brands/${other.body.id}`, { ...brand, name: "HALO" })).body.name).toBe("HALO");
  });

  it("refuses a marketplace named like another, case aside, on create and on edit", async () => {
    const marketplace = { flagUrl: "/media/flags/ke.svg", isActive: true };
    expect((await call("POST", "/marketplaces", { ...marketplace, name: "Kenya" })).status).toBe(201);
    const again = await call<ErrorBody>("POST", "/marketplaces", { ...marketplace, name: "KENYA" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ message: "A marketplace named “Kenya” already exists", field: "name" });
    const other = await call<AdminMarketplace>("POST", "/marketplaces", { ...marketplace, name: "Ghana" });
    expect((await call<ErrorBody>("PUT", `/marketplaces/${other.body.id}`, { ...marketplace, name: "kenya" })).status).toBe(409);
  });

  it("answers two creations of one name sent together with one 201 and one 409, never a 500", async () => {
    const statuses = await Promise.all([call("POST", "/brands", { name: "Twin", featured: false }), call("POST", "/brands", { name: "twin", featured: false })]);
    expect(statuses.map((answer) => answer.status).sort()).toEqual([201, 409]);
    // A category's name is its key: the very same name twice meets the primary key before the case index.
    for (let round = 0; round < 5; round += 1) {
      const twins = await Promise.all([call("POST", "/categories", { name: `Pair ${round}` }), call("POST", "/categories", { name: `Pair ${round}` })]);
      expect(twins.map((answer) => answer.status).sort()).toEqual([201, 409]);
    }
  });

  it("keeps names already repeated before it apart, a category's products following its new name", { timeout: 90_000 }, async () => {
    const older = await openTestDatabase();
    try {
      const authOptions = buildAuthOptions({ config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", LOG_LEVEL: "silent" }), database: older, secret: "test-secret-test-secret-test-secret-0123" });
      await migrateUpTo(older, authOptions, "0207_product_picture");
      const day = (n: number) => new Date(Date.UTC(2025, 0, n));
      await older.db.insertInto("categories").values([{ name: "Shoes", created_at: day(1) }, { name: "shoes", created_at: day(2) }, { name: "SHOES", created_at: day(3) }]).execute();
      const product = await older.db.insertInto("products").values({ title: "Sandal", price: "10.00", discount_percentage: "0", specifications: "{}", category: "shoes" }).returning("id").executeTakeFirstOrThrow();
      await older.db.insertInto("brands").values([{ name: "Acme", created_at: day(1) }, { name: "ACME", created_at: day(2) }]).execute();
      await older.db.insertInto("marketplaces").values([{ name: "India", flag_url: "/in.svg", created_at: day(1) }, { name: "India", flag_url: "/in.svg", created_at: day(2) }]).execute();

      await migrateToLatest(older, authOptions);
      const names = async (table: "categories" | "brands" | "marketplaces") => (await older.db.selectFrom(table).select("name").orderBy("created_at").execute()).map((row) => row.name);
      expect(await names("categories")).toEqual(["Shoes", "shoes (2)", "SHOES (3)"]);
      expect(await names("brands")).toEqual(["Acme", "ACME (2)"]);
      expect(await names("marketplaces")).toEqual(["India", "India (2)"]);
      const moved = await older.db.selectFrom("products").select("category").where("id", "=", product.id).executeTakeFirstOrThrow();
      expect(moved.category).toBe("shoes (2)");
    } finally {
      await older.close();
    }
  });
});
