import type { ErrorBody } from "@reelmart/core/api/errors";
import { type ServerType, serve } from "@hono/node-server";
import type { Cart } from "@reelmart/core/api/cart";
import type { AdminOrder, Order, OrderCount, OrderList, OrderStats } from "@reelmart/core/api/orders";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplace, createProduct } from "../../testing/fixtures.ts";
import { type RazorpayStandIn, startRazorpayStandIn } from "../../testing/razorpay-stand-in.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpMany, signUpUser } from "../../testing/users.ts";
import { lastMessageTo } from "../auth/delivery.ts";
import { expireUnpaidOrders } from "./transitions.service.ts";
import { ordersDeps } from "./unpaid-order-expiry.ts";


const KEYS = { keyId: "rzp_test_standin", keySecret: "stand-in-key-secret", webhookSecret: "stand-in-webhook-secret" };

const ADDRESS = {
  name: "Asha Rao",
  phone: "98765 43210",
  line1: "12 MG Road",
  line2: "Flat 4B",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560001",
  countryCode: "IN",
};

describe("orders API", () => {
  let server: TestServer;
  let http: ServerType;
  let standIn: RazorpayStandIn;
  let india: string;
  let uk: string;
  let admin: TestUser;

  const call = async <T = Order>(user: TestUser | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.json<T>(path, {
      method,
      headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });

  const add = (user: TestUser, productId: string, quantity = 1, variantId?: string) =>
    call<Cart>(user, "POST", "/api/cart/items", { productId, quantity, ...(variantId ? { variantId } : {}) });

  const place = (user: TestUser, extra: Record<string, unknown> = {}, key?: string) =>
    call(user, "POST", "/api/orders", { marketplaceId: india, address: ADDRESS, paymentMethod: "cod", ...extra }, key ? { "idempotency-key": key } : {});

  const stockOf = async (productId: string) =>
    (await server.deps.database.db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock;
  const variantStock = async (variantId: string) =>
    (await server.deps.database.db.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock;
  const orderCount = async () => Number((await server.deps.database.db.selectFrom("orders").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);

  // Each shopper signs up from an address of its own, as separate phones would (sign-ups are rate limited per address).
  let shoppers = 0;
  const newShopper = () => {
    shoppers++;
    return signUpUser(server, { clientIp: `10.20.${Math.floor(shoppers / 250)}.${(shoppers % 250) + 1}` });
  };
  const subjectTo = (email: string) => {
    const message = lastMessageTo(email);
    return message?.kind === "email" ? message.subject : undefined;
  };

  beforeAll(async () => {
    // The stand-in needs our webhook URL and we need its API URL: reserve our port first.
    http = serve({ fetch: (request) => server.app.fetch(request), port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => http.once("listening", resolve));
    const port = (http.address() as AddressInfo).port;
    standIn = await startRazorpayStandIn({ ...KEYS, webhookUrl: `http://127.0.0.1:${port}/api/payments/razorpay/webhook` });
    server = await startTestServer({
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: standIn.url,
      RAZORPAY_CHECKOUT_URL: `${standIn.url}/v1/checkout.js`,
    });
    const { db } = server.deps.database;
    india = (await createMarketplace(db, { name: "India", country_code: "IN" })).id;
    uk = (await createMarketplace(db, { name: "United Kingdom", country_code: "GB" })).id;
    admin = await signUpUser(server, { admin: true });
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
    await standIn.close();
    await server.close();
  });

  it("places a cash-on-delivery order at the database's prices, with snapshots, stock movements and an emptied cart", async () => {
    const { db } = server.deps.database;
    const hoodie = await createProduct(db, { title: "Hoodie", price: "2000.00", discount_percentage: "10", stock: 5, marketplaceIds: [india] });
    const [m, l] = await db
      .insertInto("product_variants")
      .values([
        { product_id: hoodie.id, size: "M", color: "Forest", stock: 3, price_adjustment: "0" },
        { product_id: hoodie.id, size: "L", color: "Forest", stock: 2, price_adjustment: "100.00" },
      ])
      .returning("id")
      .execute();
    const lamp = await createProduct(db, { title: "Lamp", price: "349.00", stock: 4, marketplaceIds: [india] });
    const media = await db.insertInto("product_media").values({ product_id: lamp.id, url: "/media/lamp.mp4", type: "video", metadata: "{}" }).returning("id").executeTakeFirstOrThrow();
    const shopper = await newShopper();
    await add(shopper, hoodie.id, 1, m!.id);
    await add(shopper, hoodie.id, 2, l!.id);
    await call<Cart>(shopper, "POST", "/api/cart/items", { productId: lamp.id, quantity: 1, mediaId: media.id });
    // The price changes after the cart was filled: the order charges what the database says now.
    await db.updateTable("products").set({ price: "399.00" }).where("id", "=", lamp.id).execute();

    const { status, body } = await place(shopper, { total: "1.00", subtotal: "1.00" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: "placed", paymentStatus: "authorized", deliveryStatus: "unfulfilled", paymentMethod: "cod", canCancel: true, payment: null });
    expect(body.lines.map((line) => [line.title, line.variantLabel, line.unitPrice, line.quantity, line.lineTotal])).toEqual([
      ["Hoodie", "M / Forest", "1800.00", 1, "1800.00"],
      ["Hoodie", "L / Forest", "1890.00", 2, "3780.00"],
      ["Lamp", null, "399.00", 1, "399.00"],
    ]);
    expect(body.lines[2]!.mediaId).toBe(media.id);
    expect(body).toMatchObject({ subtotal: "5979.00", deliveryFee: "0.00", total: "5979.00", itemCount: 4 });
    expect(body.shippingAddress).toMatchObject({ phone: "9876543210", postalCode: "560001", state: "Karnataka" });
    expect(body.timeline.map((event) => [event.kind, event.actor, event.status])).toEqual([["placed", "shopper", "placed"]]);

    expect([await variantStock(m!.id), await variantStock(l!.id), await stockOf(hoodie.id), await stockOf(lamp.id)]).toEqual([2, 0, 2, 3]);
    const movements = await db.selectFrom("stock_movements").select(["product_id", "variant_id", "delta", "reason"]).where("order_id", "=", body.id).execute();
    expect(movements).toHaveLength(3);
    expect(movements.every((movement) => movement.reason === "sale" && movement.delta < 0)).toBe(true);
    expect((await call<Cart>(shopper, "GET", "/api/cart")).body.items).toEqual([]);
    // The email writes money as the app does (format.ts), not "₹5979.00".
    expect(lastMessageTo(shopper.email)).toMatchObject({ kind: "email", subject: `Order #${body.number} confirmed`, text: expect.stringContaining("Pay ₹5,979.00 in cash on delivery.") });

    const list = await call<OrderList>(shopper, "GET", "/api/orders");
    expect(list.body.items.map((item) => [item.id, item.title, item.lineCount, item.total])).toEqual([[body.id, "Hoodie", 3, "5979.00"]]);
    expect((await call(shopper, "GET", `/api/orders/${body.id}`)).body).toEqual(body);
  });

  it("charges a delivery fee below the free-delivery amount", async () => {
    const cheap = await createProduct(server.deps.database.db, { title: "Cheap", price: "99.00", stock: 5, marketplaceIds: [india] });
    const shopper = await newShopper();
    await add(shopper, cheap.id, 2);
    const { body } = await place(shopper);
    expect(body).toMatchObject({ subtotal: "198.00", deliveryFee: "49.00", total: "247.00" });
  });

  it("fails the whole order with 409 naming the line and what is left, changing nothing", async () => {
    const { db } = server.deps.database;
    const mug = await createProduct(db, { title: "Mug", price: "500.00", stock: 3, marketplaceIds: [india] });
    const plate = await createProduct(db, { title: "Plate", price: "500.00", stock: 3, marketplaceIds: [india] });
    const shopper = await newShopper();
    await add(shopper, plate.id, 1);
    const cart = await add(shopper, mug.id, 3);
    await db.updateTable("products").set({ stock: 2 }).where("id", "=", mug.id).execute();
    const before = await orderCount();
    const { status, body } = await place(shopper);
    expect(status).toBe(409);
    const mugLine = cart.body.items.find((item) => item.productId === mug.id)!;
    expect((body as unknown as ErrorBody).error).toEqual({ code: "conflict", message: "Only 2 left of Mug", field: `lines.${mugLine.id}` });
    expect([await stockOf(mug.id), await stockOf(plate.id), await orderCount()]).toEqual([2, 3, before]);
    expect((await call<Cart>(shopper, "GET", "/api/cart")).body.items).toHaveLength(2);

    await db.updateTable("products").set({ stock: 0 }).where("id", "=", mug.id).execute();
    expect(((await place(shopper)).body as unknown as ErrorBody).error.message).toBe("Mug is out of stock");
    const empty = await newShopper();
    expect(((await place(empty)).body as unknown as ErrorBody).error).toMatchObject({ code: "conflict", field: "cart" });
  });

  it("asks for a variant on a line that has none before placing", async () => {
    const { db } = server.deps.database;
    const tee = await createProduct(db, { title: "Tee", price: "500.00", stock: 3, marketplaceIds: [india] });
    const shopper = await newShopper();
    const cart = await add(shopper, tee.id, 1);
    // A line from before variants existed (what migration 0030 keeps for multi-variant products).
    await db.insertInto("product_variants").values({ product_id: tee.id, size: "S", stock: 3, price_adjustment: "0" }).execute();
    const { status, body } = await place(shopper);
    expect(status).toBe(409);
    expect((body as unknown as ErrorBody).error).toMatchObject({ message: "Choose a size or colour for Tee", field: `lines.${cart.body.items[0]!.id}` });
  });

  it("makes one order per Idempotency-Key: a repeat replays it, another body is 422, one in flight is 409", async () => {
    const { db } = server.deps.database;
    const pen = await createProduct(db, { title: "Pen", price: "600.00", stock: 10, marketplaceIds: [india] });
    const shopper = await newShopper();
    await add(shopper, pen.id, 2);
    const key = "checkout-7f3e2b1a-double-click";
    const [first, second] = await Promise.all([place(shopper, {}, key), place(shopper, {}, key)]);
    // Two clicks at once: one places, the other either waits for it (replay) or is told it is in flight.
    const statuses = [first.status, second.status];
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect([200, 409]).toContain(statuses.find((status) => status !== 201));
    const created = first.status === 201 ? first.body : second.body;
    const replay = await place(shopper, {}, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(created);
    expect(await stockOf(pen.id)).toBe(8);

    const other = await place(shopper, { paymentMethod: "online" }, key);
    expect(other.status).toBe(422);
    expect((other.body as unknown as ErrorBody).error).toMatchObject({ code: "idempotency_key_reused", field: "idempotency-key" });

    // A key whose placement has not committed yet (order_id still null) is in flight.
    await db.updateTable("order_idempotency_keys").set({ order_id: null }).where("user_id", "=", shopper.id).where("key", "=", key).execute();
    const inFlight = await place(shopper, {}, key);
    expect(inFlight.status).toBe(409);
    expect((inFlight.body as unknown as ErrorBody).error.field).toBe("idempotency-key");

    await add(shopper, pen.id, 1);
    // A failed placement releases its key, so the corrected retry with the same key succeeds.
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", pen.id).execute();
    expect((await place(shopper, {}, "retry-after-409")).status).toBe(409);
    await db.updateTable("products").set({ stock: 5 }).where("id", "=", pen.id).execute();
    expect((await place(shopper, {}, "retry-after-409")).status).toBe(201);
  });

  it("never oversells: 50 shoppers racing for the last 10 units make exactly 10 orders and stock 0", async () => {
    const { db } = server.deps.database;
    const drop = await createProduct(db, { title: "Limited drop", price: "1500.00", stock: 10, marketplaceIds: [india] });
    const [variant] = await db.insertInto("product_variants").values({ product_id: drop.id, size: "One size", stock: 10, price_adjustment: "0" }).returning("id").execute();
    const shoppers = await signUpMany(server, 50);
    for (const shopper of shoppers) expect((await add(shopper, drop.id, 1, variant!.id)).status).toBe(200);
    const results = await Promise.all(shoppers.map((shopper, index) => place(shopper, {}, `race-${index}-key`)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const result of results.filter((r) => r.status === 409)) expect((result.body as unknown as ErrorBody).error.message).toBe("Limited drop (One size) is out of stock");
    expect(await variantStock(variant!.id)).toBe(0);
    const sold = await db.selectFrom("order_lines").select((eb) => eb.fn.sum<string>("quantity").as("n")).where("variant_id", "=", variant!.id).executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(10);
  }, 120_000);

  it("lets the shopper cancel before shipping and returns the stock; after shipping it is 409", async () => {
    const { db } = server.deps.database;
    const kettle = await createProduct(db, { title: "Kettle", price: "1200.00", stock: 4, marketplaceIds: [india] });
    const shopper = await newShopper();
    await add(shopper, kettle.id, 3);
    const order = (await place(shopper)).body;
    expect(await stockOf(kettle.id)).toBe(1);
    const cancelled = await call(shopper, "POST", `/api/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", paymentStatus: "voided", canCancel: false });
    expect(cancelled.body.timeline.map((event) => event.kind)).toEqual(["placed", "cancel"]);
    expect(await stockOf(kettle.id)).toBe(4);
    const again = await call(shopper, "POST", `/api/orders/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect(await stockOf(kettle.id)).toBe(4);

    await add(shopper, kettle.id, 1);
    const shipped = (await place(shopper)).body;
    expect((await call<AdminOrder>(admin, "POST", `/api/admin/orders/${shipped.id}/actions`, { action: "ship" })).status).toBe(200);
    const late = await call(shopper, "POST", `/api/orders/${shipped.id}/cancel`);
    expect(late.status).toBe(409);
    expect((late.body as unknown as ErrorBody).error.message).toBe("This order is shipped and cannot be cancelled");
  });

  it("lets only admins ship, deliver and complete; the shopper sees every status and the timeline", async () => {
    const { db } = server.deps.database;
    const rug = await createProduct(db, { title: "Rug", price: "3000.00", stock: 2, marketplaceIds: [india] });
    const shopper = await newShopper();
    await add(shopper, rug.id, 1);
    const order = (await place(shopper)).body;
    const shopperTry = await call(shopper, "POST", `/api/admin/orders/${order.id}/actions`, { action: "ship" });
    expect(shopperTry.status).toBe(403);
    expect((await call(null, "POST", `/api/admin/orders/${order.id}/actions`, { action: "ship" })).status).toBe(401);
    expect((await call(null, "GET", "/api/admin/orders")).status).toBe(401);
    expect((await call(shopper, "GET", "/api/admin/orders")).status).toBe(403);

    const early = await call(admin, "POST", `/api/admin/orders/${order.id}/actions`, { action: "deliver" });
    expect(early.status).toBe(409);
    const shipped = await call<AdminOrder>(admin, "POST", `/api/admin/orders/${order.id}/actions`, { action: "ship", note: "AWB 12345" });
    expect(shipped.body).toMatchObject({ status: "shipped", deliveryStatus: "shipped", allowedActions: ["deliver", "cancel", "return"], customerEmail: shopper.email });
    expect((await call(shopper, "GET", `/api/orders/${order.id}`)).body).toMatchObject({ status: "shipped", canCancel: false });
    const delivered = await call<AdminOrder>(admin, "POST", `/api/admin/orders/${order.id}/actions`, { action: "deliver" });
    expect(delivered.body).toMatchObject({ status: "delivered", deliveryStatus: "delivered", paymentStatus: "captured" });
    await call(admin, "POST", `/api/admin/orders/${order.id}/actions`, { action: "complete" });
    const seen = (await call(shopper, "GET", `/api/orders/${order.id}`)).body;
    expect(seen.status).toBe("completed");
    expect(seen.timeline.map((event) => [event.kind, event.actor, event.note])).toEqual([
      ["placed", "shopper", "Cash on delivery"],
      ["ship", "admin", "AWB 12345"],
      ["deliver", "admin", null],
      ["complete", "admin", null],
    ]);

    const list = await call<{ items: Array<{ id: string; customerEmail: string }> }>(admin, "GET", `/api/admin/orders?status=completed&marketplaceId=${india}`);
    expect(list.body.items.map((item) => item.id)).toContain(order.id);
    const stats = await call<OrderStats>(admin, "GET", "/api/admin/orders/stats");
    expect(stats.body.byStatus.completed).toBeGreaterThanOrEqual(1);
    expect(stats.body.orders).toBe(await orderCount());
    // The admin dashboard shows the same figures (one home: orderStats).
    const dashboard = await call<{ orders: OrderStats }>(admin, "GET", "/api/admin/dashboard");
    expect(dashboard.body.orders).toEqual(stats.body);
  });

  it("marks a refused cash-on-delivery parcel returned to origin, with its stock back", async () => {
    const { db } = server.deps.database;
    const vase = await createProduct(db, { title: "Vase", price: "800.00", stock: 2, marketplaceIds: [india] });
    const shopper = await newShopper();
    await add(shopper, vase.id, 2);
    const order = (await place(shopper)).body;
    await call(admin, "POST", `/api/admin/orders/${order.id}/actions`, { action: "ship" });
    const returned = await call<AdminOrder>(admin, "POST", `/api/admin/orders/${order.id}/actions`, { action: "return", note: "Refused at the door" });
    expect(returned.body).toMatchObject({ status: "returned", deliveryStatus: "returned", paymentStatus: "voided" });
    expect(await stockOf(vase.id)).toBe(2);
  });

  it("answers 404 for another user's order and leaves it unchanged", async () => {
    const { db } = server.deps.database;
    const book = await createProduct(db, { title: "Book", price: "700.00", stock: 2, marketplaceIds: [india] });
    const owner = await newShopper();
    const stranger = await newShopper();
    await add(owner, book.id, 1);
    const order = (await place(owner)).body;
    for (const [method, path, body] of [
      ["GET", `/api/orders/${order.id}`, undefined],
      ["POST", `/api/orders/${order.id}/cancel`, undefined],
      ["POST", `/api/orders/${order.id}/payment/callback`, { providerOrderId: "order_x", providerPaymentId: "pay_x", signature: "00" }],
    ] as const) {
      const reply = await call<ErrorBody>(stranger, method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
    expect((await call<OrderList>(stranger, "GET", "/api/orders")).body.items).toEqual([]);
    expect((await call(owner, "GET", `/api/orders/${order.id}`)).body).toEqual(order);
    for (const path of ["/api/orders", `/api/orders/${order.id}`, "/api/me/addresses", "/api/checkout/options"]) {
      expect((await call(null, "GET", path)).status, path).toBe(401);
    }
  });

  it("applies the address rules: India's mobile, state list and 6-digit PIN; other countries' postal codes", async () => {
    const shopper = await newShopper();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ postalCode: "56000" }, "address.postalCode", "Enter a valid 6-digit PIN code"],
      [{ postalCode: "060001" }, "address.postalCode", "Enter a valid 6-digit PIN code"],
      [{ phone: "12345" }, "address.phone", "Enter a 10-digit mobile number"],
      [{ phone: "5876543210" }, "address.phone", "Enter a 10-digit mobile number"],
      [{ state: "Bombay" }, "address.state", "Choose a state or union territory"],
      [{ name: " " }, "address.name", "Full name is required"],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await call<ErrorBody>(shopper, "POST", "/api/orders", { marketplaceId: india, address: { ...ADDRESS, ...change }, paymentMethod: "cod" });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.field).toBe(field);
      expect(body.error.message).toContain(message);
    }
    const ladakh = await call(shopper, "POST", "/api/me/addresses", { ...ADDRESS, state: "Ladakh", phone: "+91 91234 56789" });
    expect(ladakh.status).toBe(201);
    expect(ladakh.body).toMatchObject({ state: "Ladakh", phone: "9123456789" });
    const ukBad = await call<ErrorBody>(shopper, "POST", "/api/me/addresses", { ...ADDRESS, state: "", postalCode: "12345", countryCode: "GB", phone: "+44 20 7946 0958" });
    expect(ukBad.body.error).toMatchObject({ field: "postalCode" });
    const ukGood = await call(shopper, "POST", "/api/me/addresses", { ...ADDRESS, state: "", postalCode: "SW1A 1AA", countryCode: "GB", phone: "+44 20 7946 0958" });
    expect(ukGood.status).toBe(201);
    // The marketplace decides the country: an Indian address cannot be used in the UK marketplace.
    const mismatch = await call<ErrorBody>(shopper, "POST", "/api/orders", { marketplaceId: uk, address: ADDRESS, paymentMethod: "cod" });
    expect(mismatch.body.error).toMatchObject({ field: "address.countryCode" });
    const options = await call<{ countryCode: string; onlinePayment: unknown }>(shopper, "GET", `/api/checkout/options?marketplaceId=${uk}`);
    expect(options.body).toMatchObject({ countryCode: "GB", onlinePayment: { provider: "razorpay" } });
  });

  it("refuses to place a line the order's marketplace does not list, naming it, and places it where it is listed (decision 212)", async () => {
    const { db } = server.deps.database;
    const uae = (await createMarketplace(db, { name: "United Arab Emirates", country_code: "AE" })).id;
    const saree = await createProduct(db, { title: "Silk saree", price: "4999.00", stock: 3, marketplaceIds: [india] });
    const shopper = await newShopper();
    // Added while India was chosen: the cart line says where it is sold, for the cart to say where it is not.
    const cart = await add(shopper, saree.id);
    expect(cart.body.items.map((item) => item.product.marketplaceIds)).toEqual([[india.toLowerCase()]]);

    const dubai = { name: "Asha Rao", phone: "+971 50 123 4567", line1: "Tower 2, Marina Walk", line2: "", city: "Dubai", state: "Dubai", postalCode: "", countryCode: "AE" };
    const ordersBefore = await orderCount();
    const refused = await call<ErrorBody>(shopper, "POST", "/api/orders", { marketplaceId: uae, address: dubai, paymentMethod: "cod" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "conflict",
      message: "Silk saree is not sold in United Arab Emirates. Remove it from your cart to place this order.",
      field: `lines.${cart.body.items[0]!.id}`,
    });
    expect([await orderCount(), await stockOf(saree.id)]).toEqual([ordersBefore, 3]);
    expect((await call<Cart>(shopper, "GET", "/api/cart")).body.items).toHaveLength(1);

    const placed = await place(shopper);
    expect(placed.status).toBe(201);
    expect(placed.body.lines.map((line) => line.title)).toEqual(["Silk saree"]);
  });

  it("saves an address at checkout and places with a saved address; another user's address is 404", async () => {
    const { db } = server.deps.database;
    const cup = await createProduct(db, { title: "Cup", price: "600.00", stock: 5, marketplaceIds: [india] });
    const shopper = await newShopper();
    const other = await newShopper();
    await add(shopper, cup.id, 1);
    await place(shopper, { saveAddress: true });
    const saved = (await call<{ items: Array<{ id: string; postalCode: string }> }>(shopper, "GET", "/api/me/addresses")).body.items;
    expect(saved).toHaveLength(1);
    await add(shopper, cup.id, 1);
    const second = await call(shopper, "POST", "/api/orders", { marketplaceId: india, addressId: saved[0]!.id, paymentMethod: "cod" });
    expect(second.status).toBe(201);
    expect(second.body.shippingAddress.postalCode).toBe("560001");
    await add(other, cup.id, 1);
    const stolen = await call<ErrorBody>(other, "POST", "/api/orders", { marketplaceId: india, addressId: saved[0]!.id, paymentMethod: "cod" });
    expect(stolen.status).toBe(404);
    expect((await call(other, "DELETE", `/api/me/addresses/${saved[0]!.id}`)).status).toBe(404);
    expect((await server.request(`/api/me/addresses/${saved[0]!.id}`, { method: "DELETE", headers: shopper.headers })).status).toBe(204);
    expect((await call<{ items: unknown[] }>(shopper, "GET", "/api/me/addresses")).body.items).toEqual([]);
  });

  it("answers bad input with 4xx and the error body, never 500", async () => {
    const shopper = await newShopper();
    const replies = await Promise.all([
      call<ErrorBody>(shopper, "POST", "/api/orders", "{not json"),
      call<ErrorBody>(shopper, "POST", "/api/orders", { paymentMethod: "bitcoin", address: ADDRESS }),
      call<ErrorBody>(shopper, "POST", "/api/orders", { paymentMethod: "cod" }),
      call<ErrorBody>(shopper, "POST", "/api/orders", { paymentMethod: "cod", address: ADDRESS, addressId: crypto.randomUUID() }),
      call<ErrorBody>(shopper, "POST", "/api/orders", { paymentMethod: "cod", address: ADDRESS, marketplaceId: crypto.randomUUID() }),
      call<ErrorBody>(shopper, "POST", "/api/orders", { paymentMethod: "cod", address: ADDRESS }, { "idempotency-key": "x" }),
      call<ErrorBody>(shopper, "GET", "/api/orders/not-a-uuid"),
      call<ErrorBody>(shopper, "GET", "/api/orders?cursor=garbage"),
      call<ErrorBody>(shopper, "GET", "/api/orders?limit=1000"),
      call<ErrorBody>(shopper, "POST", `/api/orders/${crypto.randomUUID()}/cancel`, { note: "x".repeat(600) }),
      call<ErrorBody>(shopper, "POST", `/api/orders/${crypto.randomUUID()}/payment/callback`, { providerOrderId: "" }),
      call<ErrorBody>(admin, "POST", `/api/admin/orders/${crypto.randomUUID()}/actions`, { action: "teleport" }),
      call<ErrorBody>(admin, "GET", "/api/admin/orders?from=yesterday"),
      call<ErrorBody>(admin, "POST", `/api/admin/orders/${crypto.randomUUID()}/actions`, { action: "ship" }),
    ]);
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.body.error.code).toBeTruthy();
    }
  });

  describe("online payment through the Razorpay stand-in", () => {
    const placeOnline = async (title: string, stock = 3) => {
      const product = await createProduct(server.deps.database.db, { title, price: "1000.00", stock, marketplaceIds: [india] });
      const shopper = await newShopper();
      await add(shopper, product.id, 1);
      const { status, body } = await place(shopper, { paymentMethod: "online" });
      expect(status).toBe(201);
      return { shopper, order: body, productId: product.id };
    };

    it("creates the provider's order and confirms only on a verified webhook; forged and repeated webhooks change nothing", async () => {
      const { shopper, order } = await placeOnline("Headphones");
      expect(order).toMatchObject({ status: "pending_payment", paymentStatus: "pending", payment: { provider: "razorpay", keyId: KEYS.keyId, amountPaise: 100_000 } });
      const providerOrderId = order.payment!.providerOrderId;
      expect(standIn.orders.get(providerOrderId)).toMatchObject({ amount: 100_000, currency: "INR", receipt: `order-${order.number}` });
      expect(subjectTo(shopper.email) ?? "").not.toContain(`#${order.number}`);

      standIn.pay(providerOrderId);
      expect(await standIn.sendCapturedWebhook(providerOrderId, { secret: "forged-secret", eventId: "evt_forged" })).toBe(400);
      expect((await call(shopper, "GET", `/api/orders/${order.id}`)).body).toMatchObject({ status: "pending_payment", paymentStatus: "pending" });
      expect(await standIn.sendCapturedWebhook(providerOrderId, { amount: 1, eventId: "evt_short" })).toBe(200);
      const short = (await call(shopper, "GET", `/api/orders/${order.id}`)).body;
      expect(short.status).toBe("pending_payment");
      // Money in words is formatPrice's, as everywhere else.
      expect(short.timeline.find((event) => event.kind === "payment_mismatch")?.note).toBe(`Captured ${formatPrice(fromPaise(1))} does not match the order total`);

      expect(await standIn.sendCapturedWebhook(providerOrderId, { eventId: "evt_paid_1" })).toBe(200);
      const paid = (await call(shopper, "GET", `/api/orders/${order.id}`)).body;
      expect(paid).toMatchObject({ status: "placed", paymentStatus: "captured", payment: null, expiresAt: null });
      expect(subjectTo(shopper.email)).toBe(`Order #${order.number} confirmed`);

      expect(await standIn.sendCapturedWebhook(providerOrderId, { eventId: "evt_paid_1" })).toBe(200);
      expect(await standIn.sendCapturedWebhook(providerOrderId, { eventId: "evt_paid_2" })).toBe(200);
      expect((await call(shopper, "GET", `/api/orders/${order.id}`)).body.timeline).toEqual(paid.timeline);
      const events = await server.deps.database.db.selectFrom("payment_events").select("event_id").where("order_id", "=", order.id).execute();
      expect(events.map((event) => event.event_id).sort()).toEqual(["evt_paid_1", "evt_paid_2", "evt_short"]);
    });

    it("confirms on the checkout callback only with the provider's signature", async () => {
      const { shopper, order } = await placeOnline("Speaker");
      const fields = standIn.pay(order.payment!.providerOrderId);
      const forged = await call<ErrorBody>(shopper, "POST", `/api/orders/${order.id}/payment/callback`, {
        providerOrderId: fields.razorpay_order_id,
        providerPaymentId: fields.razorpay_payment_id,
        signature: "0".repeat(64),
      });
      expect(forged.status).toBe(400);
      expect((await call(shopper, "GET", `/api/orders/${order.id}`)).body.status).toBe("pending_payment");
      const genuine = await call(shopper, "POST", `/api/orders/${order.id}/payment/callback`, {
        providerOrderId: fields.razorpay_order_id,
        providerPaymentId: fields.razorpay_payment_id,
        signature: fields.razorpay_signature,
      });
      expect(genuine.body).toMatchObject({ status: "placed", paymentStatus: "captured" });
    });

    it("expires an unpaid online order after the configured time and releases its stock", async () => {
      const { shopper, order, productId } = await placeOnline("Watch", 1);
      expect(await stockOf(productId)).toBe(0);
      const deps = ordersDeps(server.deps);
      expect(await expireUnpaidOrders(deps, new Date())).toBe(0);
      const later = new Date(Date.now() + (server.deps.config.orderPaymentTimeoutMinutes + 1) * 60_000);
      expect(await expireUnpaidOrders(deps, later)).toBeGreaterThanOrEqual(1);
      const expired = (await call(shopper, "GET", `/api/orders/${order.id}`)).body;
      expect(expired).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
      expect(expired.timeline.at(-1)).toMatchObject({ kind: "expire", actor: "system" });
      expect(await stockOf(productId)).toBe(1);

      // The money arrives anyway: it is refunded, the order stays cancelled.
      standIn.pay(order.payment!.providerOrderId);
      expect(await standIn.sendCapturedWebhook(order.payment!.providerOrderId)).toBe(200);
      expect((await call(shopper, "GET", `/api/orders/${order.id}`)).body).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
      expect(standIn.refunds.map((refund) => refund.amount)).toContain(100_000);
    });

    it("refunds a paid order the shopper cancels", async () => {
      const { shopper, order } = await placeOnline("Fan");
      const fields = standIn.pay(order.payment!.providerOrderId);
      await standIn.sendCapturedWebhook(fields.razorpay_order_id);
      const cancelled = (await call(shopper, "POST", `/api/orders/${order.id}/cancel`)).body;
      expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
      expect(standIn.refunds).toContainEqual({ paymentId: fields.razorpay_payment_id, amount: 100_000 });
    });

    it("counts the shopper's placed orders for the profile, leaving out one that expired unpaid (decision 216)", async () => {
      const shopper = await newShopper();
      const counted = async () => (await call<OrderCount>(shopper, "GET", "/api/me/order-count")).body.count;
      const product = await createProduct(server.deps.database.db, { title: "Counted lamp", price: "1000.00", stock: 5, marketplaceIds: [india] });
      await add(shopper, product.id, 2);
      // Lines in the cart are not orders.
      expect(await counted()).toBe(0);
      const cod = await place(shopper);
      expect(cod.status, JSON.stringify(cod.body)).toBe(201);
      await add(shopper, product.id, 1);
      const online = await place(shopper, { paymentMethod: "online" });
      expect(online.body.status).toBe("pending_payment");
      // One awaiting its payment is an order.
      expect(await counted()).toBe(2);
      const later = new Date(Date.now() + (server.deps.config.orderPaymentTimeoutMinutes + 1) * 60_000);
      await expireUnpaidOrders(ordersDeps(server.deps), later);
      expect((await call(shopper, "GET", `/api/orders/${online.body.id}`)).body.status).toBe("cancelled");
      expect(await counted()).toBe(1);
      expect((await call<ErrorBody>(null, "GET", "/api/me/order-count")).status).toBe(401);
    });
  });

  it("is described in the OpenAPI document", async () => {
    const { body } = await server.json<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        "/api/orders",
        "/api/orders/{id}",
        "/api/orders/{id}/cancel",
        "/api/orders/{id}/payment/callback",
        "/api/payments/razorpay/webhook",
        "/api/me/addresses",
        "/api/me/addresses/{id}",
        "/api/checkout/options",
        "/api/admin/orders",
        "/api/admin/orders/{id}",
        "/api/admin/orders/{id}/actions",
        "/api/admin/orders/stats",
      ]),
    );
  });
});
