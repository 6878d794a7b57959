import type { ErrorBody } from "@reelmart/core/api/errors";
import type { Cart } from "@reelmart/core/api/cart";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../testing/fixtures.ts";
import { readModelCaughtUp } from "../../testing/read-model-caught-up.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpMany, signUpUser } from "../../testing/users.ts";


describe("cart API", () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let phone: string;
  let case_: string;
  let draft: string;

  const call = <T = Cart>(user: TestUser | null, method: string, path: string, body?: unknown) =>
    server.json<T>(path, {
      method,
      headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The id of the user's line for a product (lines are addressed by id). */
  const lineOf = async (user: TestUser, productId: string) => {
    const { body } = await call(user, "GET", "/api/cart");
    return body.items.find((item) => item.productId === productId)?.id ?? crypto.randomUUID();
  };

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    const brand = await db.insertInto("brands").values({ name: "Acme" }).returning("id").executeTakeFirstOrThrow();
    const insert = (title: string, price: string, stock: number, status: "active" | "draft" = "active") =>
      db
        .insertInto("products")
        .values({ title, price, discount_percentage: 0, stock, status, brand_id: brand.id, specifications: "{}" })
        .returning("id")
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    phone = await insert("Phone", "19999.99", 5);
    case_ = await insert("Case", "0.10", 100);
    draft = await insert("Draft", "10.00", 10, "draft");
    alice = await signUpUser(server);
    bob = await signUpUser(server);
  });
  afterAll(() => server.close());

  it("answers 401 to every cart route when signed out, even with a bad body", async () => {
    for (const [method, path] of [
      ["GET", "/api/cart"],
      ["POST", "/api/cart/items"],
      ["PUT", `/api/cart/items/${crypto.randomUUID()}`],
      ["DELETE", `/api/cart/items/${crypto.randomUUID()}`],
      ["DELETE", "/api/cart"],
    ] as const) {
      const { status, body } = await call<ErrorBody>(null, method, path, method === "GET" || method === "DELETE" ? undefined : { nope: 1 });
      expect(status, `${method} ${path}`).toBe(401);
      expect(body.error.code).toBe("unauthenticated");
    }
  });

  it("starts empty", async () => {
    const { status, body } = await call(alice, "GET", "/api/cart");
    expect(status).toBe(200);
    expect(body).toEqual({ items: [], totalQuantity: 0, total: "0.00" });
  });

  it("adds a line, then increases it, with the product joined and exact totals", async () => {
    await call(alice, "POST", "/api/cart/items", { productId: phone });
    const { status, body } = await call(alice, "POST", "/api/cart/items", { productId: phone, quantity: 2 });
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      productId: phone,
      quantity: 3,
      lineTotal: "59999.97",
      product: { id: phone, title: "Phone", price: "19999.99", stock: 5, brand: { name: "Acme" } },
    });
    expect(body.totalQuantity).toBe(3);
  });

  it("sums money in paise, never as floats", async () => {
    const { body } = await call(alice, "POST", "/api/cart/items", { productId: case_, quantity: 3 });
    // 0.10 × 3 is 0.30000000000000004 as floats.
    expect(body.items.find((item) => item.productId === case_)?.lineTotal).toBe("0.30");
    expect(body.total).toBe("60000.27");
    expect(body.totalQuantity).toBe(6);
  });

  it("charges the discounted price", async () => {
    const { db } = server.deps.database;
    const sale = await db
      .insertInto("products")
      .values({ title: "Sale", price: "999.99", discount_percentage: "12.5", stock: 9, status: "active", specifications: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { body } = await call(bob, "POST", "/api/cart/items", { productId: sale.id, quantity: 3 });
    // 999.99 less 12.5% is 874.99125: a discounted price is rounded to the whole rupee (decision 120).
    expect(body.items[0]).toMatchObject({ unitPrice: "875.00", lineTotal: "2625.00" });
    await call(bob, "DELETE", "/api/cart");
  });

  it("keeps concurrent adds atomic", async () => {
    await Promise.all(Array.from({ length: 10 }, () => call(alice, "POST", "/api/cart/items", { productId: case_, quantity: 1 })));
    const { body } = await call(alice, "GET", "/api/cart");
    expect(body.items.find((item) => item.productId === case_)?.quantity).toBe(13);
  });

  it("bounds quantities by stock with a 409 naming quantity", async () => {
    const add = await call<ErrorBody>(alice, "POST", "/api/cart/items", { productId: phone, quantity: 3 });
    expect(add.status).toBe(409);
    expect(add.body.error).toMatchObject({ code: "conflict", field: "quantity" });
    expect(add.body.error.message).toBe("Only 5 in stock and 3 already in your cart");
    const line = await lineOf(alice, phone);
    const set = await call<ErrorBody>(alice, "PUT", `/api/cart/items/${line}`, { quantity: 6 });
    expect(set.status).toBe(409);
    expect(set.body.error).toMatchObject({ field: "quantity", message: "Only 5 in stock" });
    const ok = await call(alice, "PUT", `/api/cart/items/${line}`, { quantity: 5 });
    expect(ok.body.items.find((item) => item.productId === phone)?.quantity).toBe(5);
  });

  it("rejects bad input with a 400 naming the field, and unknown or draft products with 404", async () => {
    const badId = await call<ErrorBody>(alice, "POST", "/api/cart/items", { productId: "x" });
    expect(badId.status).toBe(400);
    expect(badId.body.error.field).toBe("productId");
    const badQuantity = await call<ErrorBody>(alice, "POST", "/api/cart/items", { productId: phone, quantity: 1.5 });
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body.error.field).toBe("quantity");
    const badParam = await call<ErrorBody>(alice, "PUT", "/api/cart/items/not-a-uuid", { quantity: 1 });
    expect(badParam.status).toBe(400);
    expect(badParam.body.error.field).toBe("id");
    const unknown = await call<ErrorBody>(alice, "POST", "/api/cart/items", { productId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const hidden = await call<ErrorBody>(alice, "POST", "/api/cart/items", { productId: draft });
    expect(hidden.status).toBe(404);
  });

  it("never shows or changes another user's lines: 404 and unchanged", async () => {
    const before = await call(alice, "GET", "/api/cart");
    expect((await call(bob, "GET", "/api/cart")).body.items).toEqual([]);
    const phoneLine = await lineOf(alice, phone);
    const set = await call<ErrorBody>(bob, "PUT", `/api/cart/items/${phoneLine}`, { quantity: 1 });
    expect(set.status).toBe(404);
    const remove = await call<ErrorBody>(bob, "DELETE", `/api/cart/items/${phoneLine}`);
    expect(remove.status).toBe(404);
    const zero = await call<ErrorBody>(bob, "PUT", `/api/cart/items/${await lineOf(alice, case_)}`, { quantity: 0 });
    expect(zero.status).toBe(404);
    await call(bob, "DELETE", "/api/cart");
    expect((await call(alice, "GET", "/api/cart")).body).toEqual(before.body);
  });

  it("removes a line on quantity 0 or less, and on delete", async () => {
    const zero = await call(alice, "PUT", `/api/cart/items/${await lineOf(alice, phone)}`, { quantity: -1 });
    expect(zero.status).toBe(200);
    expect(zero.body.items.map((item) => item.productId)).toEqual([case_]);
    const removed = await call(alice, "DELETE", `/api/cart/items/${await lineOf(alice, case_)}`);
    expect(removed.body).toEqual({ items: [], totalQuantity: 0, total: "0.00" });
  });

  it("clears the cart", async () => {
    await call(alice, "POST", "/api/cart/items", { productId: phone });
    await call(alice, "POST", "/api/cart/items", { productId: case_ });
    const { status, body } = await call(alice, "DELETE", "/api/cart");
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
  });

  it("keeps one line per variant, charges its adjustment and bounds it by the variant's stock", async () => {
    const { db } = server.deps.database;
    const hoodie = await db
      .insertInto("products")
      .values({ title: "Hoodie", price: "2000.00", discount_percentage: "10", stock: 5, status: "active", specifications: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [m, l] = await db
      .insertInto("product_variants")
      .values([
        { product_id: hoodie.id, size: "M", color: "Forest", stock: 3, price_adjustment: "0" },
        { product_id: hoodie.id, size: "L", color: "Forest", stock: 2, price_adjustment: "100.00" },
      ])
      .returning("id")
      .execute();
    const carol = await signUpUser(server);
    const unchosen = await call<ErrorBody>(carol, "POST", "/api/cart/items", { productId: hoodie.id });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.error.field).toBe("variantId");
    const foreign = await call<ErrorBody>(carol, "POST", "/api/cart/items", { productId: phone, variantId: m!.id });
    expect(foreign.status).toBe(404);

    await call(carol, "POST", "/api/cart/items", { productId: hoodie.id, variantId: m!.id });
    const { body } = await call(carol, "POST", "/api/cart/items", { productId: hoodie.id, variantId: l!.id, quantity: 2 });
    expect(body.items.map((item) => [item.variant?.size, item.quantity, item.unitPrice, item.lineTotal])).toEqual([
      ["M", 1, "1800.00", "1800.00"],
      ["L", 2, "1890.00", "3780.00"],
    ]);
    expect(body.items[0]!.product.hasVariants).toBe(true);
    const over = await call<ErrorBody>(carol, "POST", "/api/cart/items", { productId: hoodie.id, variantId: l!.id });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe("Only 2 in stock and 2 already in your cart");
    const setOver = await call<ErrorBody>(carol, "PUT", `/api/cart/items/${body.items[0]!.id}`, { quantity: 4 });
    expect(setOver.body.error.message).toBe("Only 3 in stock");
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await server.json<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/api/cart", "/api/cart/items", "/api/cart/items/{id}"]));
  });
});

// Decision 201: with the caches on (as in production), the carts of adds arriving together come from
// the lines held in memory and the catalogue cache, sent as bytes; each must be what the cart reads.
describe("cart adds with the caches on", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
  });
  afterAll(() => server?.close());

  it("answers shoppers adding at once with JSON that equals what their cart reads", async () => {
    const { db } = server.deps.database;
    const products = [
      await createProduct(db, { title: "Lamp", price: "499.50", discount_percentage: "10", stock: 50 }),
      await createProduct(db, { title: "Mug ☕ “Café”", price: "120.00", stock: 50 }),
    ];
    await readModelCaughtUp(server);
    // A product page read holds the product in the catalogue cache.
    for (const product of products) expect((await server.json(`/api/products/${product.id}`)).status).toBe(200);
    for (const product of products) expect(server.deps.readModel!.catalogue.get(product.id)).toBeDefined();
    const shoppers = await signUpMany(server, 6);
    for (const product of products) {
      const answers = await Promise.all(
        shoppers.map((shopper) =>
          server.request("/api/cart/items", { method: "POST", headers: { ...shopper.headers, "content-type": "application/json" }, body: JSON.stringify({ productId: product.id, quantity: 2 }) }),
        ),
      );
      for (const [index, answer] of answers.entries()) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-type")).toBe("application/json");
        const cart = (await answer.json()) as Cart;
        expect(cart).toEqual((await server.json<Cart>("/api/cart", { headers: shoppers[index]!.headers })).body);
      }
    }
    const { body } = await server.json<Cart>("/api/cart", { headers: shoppers[0]!.headers });
    // 499.50 less 10% is 449.55, rounded to the whole rupee (decision 120): 450.00 × 2, and 120.00 × 2.
    expect(body).toMatchObject({ totalQuantity: 4, total: "1140.00" });
  });
});
