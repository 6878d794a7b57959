import type { Cart } from "@reelmart/core/api/cart";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

type ErrorReply = { error: { code: string; message: string; field?: string } };

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
      ["PUT", `/api/cart/items/${phone}`],
      ["DELETE", `/api/cart/items/${phone}`],
      ["DELETE", "/api/cart"],
    ] as const) {
      const { status, body } = await call<ErrorReply>(null, method, path, method === "GET" || method === "DELETE" ? undefined : { nope: 1 });
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
    // 999.99 less 12.5% is 874.99125, rounded to 874.99 per unit.
    expect(body.items[0]).toMatchObject({ unitPrice: "874.99", lineTotal: "2624.97" });
    await call(bob, "DELETE", "/api/cart");
  });

  it("keeps concurrent adds atomic", async () => {
    await Promise.all(Array.from({ length: 10 }, () => call(alice, "POST", "/api/cart/items", { productId: case_, quantity: 1 })));
    const { body } = await call(alice, "GET", "/api/cart");
    expect(body.items.find((item) => item.productId === case_)?.quantity).toBe(13);
  });

  it("bounds quantities by stock with a 409 naming quantity", async () => {
    const add = await call<ErrorReply>(alice, "POST", "/api/cart/items", { productId: phone, quantity: 3 });
    expect(add.status).toBe(409);
    expect(add.body.error).toMatchObject({ code: "conflict", field: "quantity" });
    expect(add.body.error.message).toBe("Only 5 in stock and 3 already in your cart");
    const set = await call<ErrorReply>(alice, "PUT", `/api/cart/items/${phone}`, { quantity: 6 });
    expect(set.status).toBe(409);
    expect(set.body.error.field).toBe("quantity");
    const ok = await call(alice, "PUT", `/api/cart/items/${phone}`, { quantity: 5 });
    expect(ok.body.items.find((item) => item.productId === phone)?.quantity).toBe(5);
  });

  it("rejects bad input with a 400 naming the field, and unknown or draft products with 404", async () => {
    const badId = await call<ErrorReply>(alice, "POST", "/api/cart/items", { productId: "x" });
    expect(badId.status).toBe(400);
    expect(badId.body.error.field).toBe("productId");
    const badQuantity = await call<ErrorReply>(alice, "POST", "/api/cart/items", { productId: phone, quantity: 1.5 });
    expect(badQuantity.status).toBe(400);
    expect(badQuantity.body.error.field).toBe("quantity");
    const badParam = await call<ErrorReply>(alice, "PUT", "/api/cart/items/not-a-uuid", { quantity: 1 });
    expect(badParam.status).toBe(400);
    expect(badParam.body.error.field).toBe("productId");
    const unknown = await call<ErrorReply>(alice, "POST", "/api/cart/items", { productId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const hidden = await call<ErrorReply>(alice, "POST", "/api/cart/items", { productId: draft });
    expect(hidden.status).toBe(404);
  });

  it("never shows or changes another user's lines: 404 and unchanged", async () => {
    const before = await call(alice, "GET", "/api/cart");
    expect((await call(bob, "GET", "/api/cart")).body.items).toEqual([]);
    const set = await call<ErrorReply>(bob, "PUT", `/api/cart/items/${phone}`, { quantity: 1 });
    expect(set.status).toBe(404);
    const remove = await call<ErrorReply>(bob, "DELETE", `/api/cart/items/${phone}`);
    expect(remove.status).toBe(404);
    const zero = await call<ErrorReply>(bob, "PUT", `/api/cart/items/${case_}`, { quantity: 0 });
    expect(zero.status).toBe(404);
    await call(bob, "DELETE", "/api/cart");
    expect((await call(alice, "GET", "/api/cart")).body).toEqual(before.body);
  });

  it("removes a line on quantity 0 or less, and on delete", async () => {
    const zero = await call(alice, "PUT", `/api/cart/items/${phone}`, { quantity: -1 });
    expect(zero.status).toBe(200);
    expect(zero.body.items.map((item) => item.productId)).toEqual([case_]);
    const removed = await call(alice, "DELETE", `/api/cart/items/${case_}`);
    expect(removed.body).toEqual({ items: [], totalQuantity: 0, total: "0.00" });
  });

  it("clears the cart", async () => {
    await call(alice, "POST", "/api/cart/items", { productId: phone });
    await call(alice, "POST", "/api/cart/items", { productId: case_ });
    const { status, body } = await call(alice, "DELETE", "/api/cart");
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await server.json<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/api/cart", "/api/cart/items", "/api/cart/items/{productId}"]));
  });
});
