import type { AnalyticsFunnel, AnalyticsSeries, AnalyticsSummary, TopProducts, TopVideos } from "@reelmart/core/api/analytics";
import type { Cart } from "@reelmart/core/api/cart";
import type { Order } from "@reelmart/core/api/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MediaRow, type ProductRow, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

type ErrorReply = { error: { code: string; message: string; field?: string } };

const ADDRESS = { name: "Asha Rao", phone: "98765 43210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001", countryCode: "IN" };
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("commerce analytics", () => {
  let server: TestServer;
  let admin: TestUser;
  let asha: TestUser;
  let ravi: TestUser;
  let india: string;
  let uk: string;
  let lamp: ProductRow;
  let mug: ProductRow;
  let lampVideo: MediaRow;
  let lampSecondVideo: MediaRow;
  let mugVideo: MediaRow;
  let order: Order;

  const call = async <T>(user: TestUser | null, method: string, path: string, body?: unknown) =>
    server.json<T>(path, {
      method,
      headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const today = utcDay();
  const range = (extra = "") => `from=${utcDay(-6)}&to=${today}${extra}`;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    india = (await createMarketplace(db, { name: "India", country_code: "IN" })).id;
    uk = (await createMarketplace(db, { name: "United Kingdom", country_code: "GB" })).id;
    lamp = await createProduct(db, { title: "Lamp", price: "500.00", stock: 10, marketplaceIds: [india] });
    mug = await createProduct(db, { title: "Mug", price: "200.00", stock: 10, marketplaceIds: [uk] });
    lampVideo = await createMedia(db, lamp.id, { title: "Lamp at night" });
    lampSecondVideo = await createMedia(db, lamp.id);
    mugVideo = await createMedia(db, mug.id);
    admin = await signUpUser(server, { admin: true, clientIp: "10.30.0.1" });
    asha = await signUpUser(server, { clientIp: "10.30.0.2" });
    ravi = await signUpUser(server, { clientIp: "10.30.0.3" });

    // Two shoppers watch: Asha's session views the lamp video twice, Ravi's once; the mug video once.
    for (const [sessionId, mediaId] of [["asha-phone", lampVideo.id], ["asha-phone", lampVideo.id], ["ravi-phone", lampVideo.id], ["ravi-phone", mugVideo.id]] as const) {
      expect((await call(null, "POST", `/api/media/${mediaId}/views`, { sessionId })).status).toBe(200);
    }
    expect((await call(asha, "PUT", `/api/media/${lampVideo.id}/like`)).status).toBe(200);
    expect((await call(ravi, "PUT", `/api/media/${lampVideo.id}/like`)).status).toBe(200);
    expect((await call(ravi, "POST", `/api/media/${lampVideo.id}/comments`, { comment: "Lovely glow" })).status).toBe(201);
    expect((await server.request(`/api/saved/${lamp.id}`, { method: "PUT", headers: asha.headers })).status).toBe(204);
    // Asha adds the lamp from its video (twice, two units) and orders; Ravi adds the mug naming the lamp's video, which is not the mug's.
    expect((await call<Cart>(asha, "POST", "/api/cart/items", { productId: lamp.id, quantity: 1, mediaId: lampVideo.id })).status).toBe(200);
    const cart = await call<Cart>(asha, "POST", "/api/cart/items", { productId: lamp.id, quantity: 1, mediaId: lampVideo.id });
    expect(cart.body.items.map((item) => item.mediaId)).toEqual([lampVideo.id]);
    const foreign = await call<Cart>(ravi, "POST", "/api/cart/items", { productId: mug.id, quantity: 1, mediaId: lampVideo.id });
    expect(foreign.status).toBe(200);
    expect(foreign.body.items[0]!.mediaId).toBeNull();
    const placed = await call<Order>(asha, "POST", "/api/orders", { marketplaceId: india, address: ADDRESS, paymentMethod: "cod" });
    expect(placed.status).toBe(201);
    order = placed.body;
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps the video an add started from on the cart line and the order line, and drops a video of another product", async () => {
    expect(order.lines.map((line) => line.mediaId)).toEqual([lampVideo.id]);
    const { db } = server.deps.database;
    const stored = await db.selectFrom("order_lines").select(["media_id", "quantity", "line_total_paise"]).where("order_id", "=", order.id).execute();
    expect(stored.map((line) => ({ ...line, line_total_paise: Number(line.line_total_paise) }))).toEqual([{ media_id: lampVideo.id, quantity: 2, line_total_paise: 100_000 }]);
  });

  it("totals the range from the rollups, against an empty previous period", async () => {
    const { status, body } = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range()}`);
    expect(status).toBe(200);
    expect(body.previousTo).toBe(utcDay(-7));
    expect(body.previousFrom).toBe(utcDay(-13));
    expect(body.totals).toEqual({ views: 4, viewers: 3, likes: 2, comments: 1, shares: 0, saves: 1, addToCarts: 3, orders: 1, units: 2, revenuePaise: 100_000 });
    expect(body.previous).toEqual({ views: 0, viewers: 0, likes: 0, comments: 0, shares: 0, saves: 0, addToCarts: 0, orders: 0, units: 0, revenuePaise: 0 });
  });

  it("filters by marketplace through the products listed there", async () => {
    const inIndia = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range(`&marketplaceId=${india}`)}`);
    expect(inIndia.body.totals).toMatchObject({ views: 3, viewers: 2, addToCarts: 2, orders: 1, revenuePaise: 100_000 });
    const inUk = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range(`&marketplaceId=${uk}`)}`);
    expect(inUk.body.totals).toMatchObject({ views: 1, viewers: 1, likes: 0, addToCarts: 1, orders: 0 });
  });

  it("answers every day of the range, today's figures on the last", async () => {
    const { body } = await call<AnalyticsSeries>(admin, "GET", `/api/admin/analytics/series?${range()}`);
    expect(body.days.map((day) => day.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(utcDay));
    expect(body.days.slice(0, 6).every((day) => day.views === 0)).toBe(true);
    expect(body.days[6]).toMatchObject({ day: today, views: 4, likes: 2, addToCarts: 3, orders: 1, revenuePaise: 100_000 });
  });

  it("builds the funnel view → engagement → add to cart → order with each step's rate", async () => {
    const { body } = await call<AnalyticsFunnel>(admin, "GET", `/api/admin/analytics/funnel?${range()}`);
    expect(body.steps).toEqual([
      { step: "views", count: 4, rate: null },
      { step: "engagements", count: 4, rate: 1 },
      { step: "addToCarts", count: 3, rate: 0.75 },
      { step: "orders", count: 1, rate: 1 / 3 },
    ]);
  });

  it("ranks videos with their attributed carts and revenue, and products by each order", async () => {
    const byViews = await call<TopVideos>(admin, "GET", `/api/admin/analytics/top-videos?${range()}`);
    expect(byViews.body.items.map((item) => item.mediaId)).toEqual([lampVideo.id, mugVideo.id]);
    expect(byViews.body.items[0]).toMatchObject({
      productId: lamp.id,
      productTitle: "Lamp",
      title: "Lamp at night",
      posterUrl: lampVideo.thumbnail_url,
      views: 3,
      viewers: 2,
      likes: 2,
      comments: 1,
      addToCarts: 2,
      addToCartRate: 2 / 3,
      orders: 1,
      units: 2,
      revenuePaise: 100_000,
    });
    // The mug's add named another product's video: counted for the mug, for no video.
    expect(byViews.body.items[1]).toMatchObject({ views: 1, addToCarts: 0, addToCartRate: 0 });
    expect(byViews.body.items.some((item) => item.mediaId === lampSecondVideo.id)).toBe(false);

    const byRevenue = await call<TopProducts>(admin, "GET", `/api/admin/analytics/top-products?${range("&sort=revenue")}`);
    expect(byRevenue.body.items.map((item) => [item.title, item.revenuePaise, item.addToCarts, item.saves])).toEqual([
      ["Lamp", 100_000, 2, 1],
      ["Mug", 0, 1, 0],
    ]);
    const byRate = await call<TopProducts>(admin, "GET", `/api/admin/analytics/top-products?${range("&sort=addToCartRate&limit=1")}`);
    expect(byRate.body.items.map((item) => [item.title, item.addToCartRate])).toEqual([["Mug", 1]]);
  });

  it("narrows every figure to one product, with the product named", async () => {
    const { status, body } = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range(`&productId=${lamp.id}`)}`);
    expect(status).toBe(200);
    // The product's picture: the poster of its first video (decision 207).
    expect(body.subject).toEqual({ productId: lamp.id, productTitle: "Lamp", mediaId: null, mediaTitle: null, posterUrl: lampVideo.thumbnail_url });
    expect(body.totals).toEqual({ views: 3, viewers: 2, likes: 2, comments: 1, shares: 0, saves: 1, addToCarts: 2, orders: 1, units: 2, revenuePaise: 100_000 });
    const funnel = await call<AnalyticsFunnel>(admin, "GET", `/api/admin/analytics/funnel?${range(`&productId=${lamp.id}`)}`);
    expect(funnel.body.steps).toEqual([
      { step: "views", count: 3, rate: null },
      { step: "engagements", count: 4, rate: 4 / 3 },
      { step: "addToCarts", count: 2, rate: 0.5 },
      { step: "orders", count: 1, rate: 0.5 },
    ]);
    const series = await call<AnalyticsSeries>(admin, "GET", `/api/admin/analytics/series?${range(`&productId=${mug.id}`)}`);
    expect(series.body.days[6]).toMatchObject({ day: today, views: 1, addToCarts: 1, orders: 0 });
    // Its videos only, and the marketplace filter still applies (the lamp is not listed in the UK).
    const videos = await call<TopVideos>(admin, "GET", `/api/admin/analytics/top-videos?${range(`&productId=${lamp.id}`)}`);
    expect(videos.body.items.map((item) => [item.mediaId, item.orders])).toEqual([[lampVideo.id, 1]]);
    const elsewhere = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range(`&productId=${lamp.id}&marketplaceId=${uk}`)}`);
    expect(elsewhere.body.totals.views).toBe(0);
  });

  it("narrows every figure to one video: its views, likes, and only the carts and orders it started", async () => {
    const { body } = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range(`&mediaId=${lampVideo.id}`)}`);
    expect(body.subject).toEqual({ productId: lamp.id, productTitle: "Lamp", mediaId: lampVideo.id, mediaTitle: "Lamp at night", posterUrl: lampVideo.thumbnail_url });
    expect(body.totals).toEqual({ views: 3, viewers: 2, likes: 2, comments: 1, shares: 0, saves: 0, addToCarts: 2, orders: 1, units: 2, revenuePaise: 100_000 });
    const mugs = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?${range(`&mediaId=${mugVideo.id}`)}`);
    expect(mugs.body.totals).toMatchObject({ views: 1, addToCarts: 0, orders: 0 });
    const funnel = await call<AnalyticsFunnel>(admin, "GET", `/api/admin/analytics/funnel?${range(`&mediaId=${lampVideo.id}`)}`);
    expect(funnel.body.steps.map((step) => [step.count, step.rate])).toEqual([[3, null], [3, 1], [2, 2 / 3], [1, 0.5]]);
    const series = await call<AnalyticsSeries>(admin, "GET", `/api/admin/analytics/series?${range(`&mediaId=${lampSecondVideo.id}`)}`);
    expect(series.body.days.every((day) => day.views === 0)).toBe(true);
  });

  it("refuses a malformed product or media id naming it, both at once, and answers 404 naming an unknown one", async () => {
    const malformed = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/summary?${range("&productId=lamp")}`);
    expect([malformed.status, malformed.body.error.field]).toEqual([400, "productId"]);
    const malformedMedia = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/series?${range("&mediaId=1")}`);
    expect([malformedMedia.status, malformedMedia.body.error.field]).toEqual([400, "mediaId"]);
    const both = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/funnel?${range(`&productId=${lamp.id}&mediaId=${lampVideo.id}`)}`);
    expect([both.status, both.body.error.field]).toEqual([400, "mediaId"]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [path, field] of [
      ["summary", "productId"],
      ["series", "mediaId"],
      ["funnel", "productId"],
      ["top-videos", "productId"],
    ] as const) {
      const reply = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/${path}?${range(`&${field}=${unknown}`)}`);
      expect([path, reply.status, reply.body.error.code, reply.body.error.field]).toEqual([path, 404, "not_found", field]);
    }
    expect((await call(asha, "GET", `/api/admin/analytics/summary?${range(`&productId=${lamp.id}`)}`)).status).toBe(403);
  });

  it("refuses bad ranges naming the field, and anyone but an admin", async () => {
    const tooLong = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/summary?from=2025-01-01&to=2026-01-02`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.field).toBe("to");
    const reversed = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/series?from=2026-02-02&to=2026-02-01`);
    expect([reversed.status, reversed.body.error.field]).toEqual([400, "to"]);
    const notADate = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/funnel?from=yesterday&to=2026-02-01`);
    expect([notADate.status, notADate.body.error.field]).toEqual([400, "from"]);
    const badSort = await call<ErrorReply>(admin, "GET", `/api/admin/analytics/top-videos?${range("&sort=likes")}`);
    expect([badSort.status, badSort.body.error.field]).toEqual([400, "sort"]);
    const fullYear = await call<AnalyticsSummary>(admin, "GET", `/api/admin/analytics/summary?from=2025-01-01&to=2026-01-01`);
    expect(fullYear.status).toBe(200);

    expect((await call(null, "GET", `/api/admin/analytics/summary?${range()}`)).status).toBe(401);
    expect((await call(asha, "GET", `/api/admin/analytics/top-videos?${range()}`)).status).toBe(403);
  });
});
