import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { FeedPage } from "@reelmart/core/api/feed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createMarketplace, createMedia, createProduct } from "./testing/fixtures.ts";
import { notificationsSettled } from "./testing/notifications.ts";
import { type TestServer, startTestServer } from "./testing/test-server.ts";
import { listenWithFastLane, rawGet } from "./testing/lane-server.ts";
import { type TestUser, signUpUser } from "./testing/users.ts";
import { PUBLIC_CACHE_ROUTE } from "./http/metrics.ts";
import { PUBLIC_CACHE_CHANNEL } from "./read-model/public-cache.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

describe("fast lane", () => {
  let server: TestServer;
  let staticDir: string;
  let firstProductId: string;
  let lane: Awaited<ReturnType<typeof listenWithFastLane>>;
  let base: string;
  let user: TestUser;
  let marketId: string;
  /** Requests that reached the app (the lane did not answer them). */
  let reachedApp: string[];

  beforeAll(async () => {
    // The web app's own index.html as the shell of the share pages.
    staticDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-lane-"));
    copyFileSync(path.resolve(here, "../../web/index.html"), path.join(staticDir, "index.html"));
    // A test server runs without its read model (and so without the lane) unless asked.
    server = await startTestServer({ STATIC_DIR: staticDir }, { readModel: true });
    const db = server.deps.database.db;
    marketId = (await createMarketplace(db)).id;
    for (let i = 0; i < 12; i++) {
      const product = await createProduct(db, { marketplaceIds: [marketId] });
      firstProductId ??= product.id;
      await createMedia(db, product.id);
    }
    user = await signUpUser(server);
    // The writes above clear the public cache by notification; on PostgreSQL one may land after a test stores an entry.
    await notificationsSettled(PUBLIC_CACHE_CHANNEL, [server.deps.database]);
    lane = await listenWithFastLane(server);
    ({ base, reachedApp } = lane);
    // Order built and every card held, as on a warm server.
    const order = await server.deps.readModel!.feed.whenBuilt();
    expect(order?.size).toBe(12);
    await server.deps.readModel!.feed.cardsFor(order!.idsFrom(0, 12));
  });
  afterAll(async () => {
    await lane?.close();
    await server?.close();
    if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  });

  const fetchVia = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

  it("answers an anonymous feed page from memory exactly as the app does", async () => {
    const path = `/api/feed?marketplaceId=${marketId}&seed=lane&limit=5`;
    reachedApp.length = 0;
    const response = await fetchVia(path, { headers: { "accept-encoding": "identity" } });
    expect(response.status).toBe(200);
    expect(reachedApp).toEqual([]);
    // The same security headers as the app's middleware sets, and a request id.
    const fromAppResponse = await server.request(path);
    for (const name of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "cross-origin-opener-policy"]) {
      expect(response.headers.get(name)).toBe(fromAppResponse.headers.get(name));
    }
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const fromLane = (await response.json()) as FeedPage;
    const fromApp = await server.json<FeedPage>(path);
    expect(fromLane).toEqual(fromApp.body);
    // The next page follows on through the lane as well.
    const next = (await (await fetchVia(`${path}&cursor=${fromLane.nextCursor}`)).json()) as FeedPage;
    expect(next.items.map((item) => item.id)).toEqual((await server.json<FeedPage>(`${path}&cursor=${fromLane.nextCursor}`)).body.items.map((item) => item.id));
    expect(reachedApp).toEqual([]);
  });

  it("answers a card's counters live after a like, though the card's JSON is made once", async () => {
    const path = `/api/feed?marketplaceId=${marketId}&seed=counters&limit=3`;
    const before = (await (await fetchVia(path)).json()) as FeedPage;
    const media = before.items[0]!.media[0]!;
    const liked = await server.request(`/api/media/${media.id}/like`, { method: "PUT", headers: user.headers });
    expect(liked.status).toBe(200);
    const likeCountViaLane = async () => ((await (await fetchVia(path)).json()) as FeedPage).items[0]!.media[0]!.likeCount;
    await expect.poll(likeCountViaLane, { timeout: 5000 }).toBe(media.likeCount + 1);
    expect(await (await fetchVia(path)).json()).toEqual((await server.json<FeedPage>(path)).body);
  });

  it("gzips when asked", async () => {
    const path = `/api/feed?marketplaceId=${marketId}&seed=zip&limit=10`;
    const raw = await rawGet(`${base}${path}`, { "accept-encoding": "gzip" });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect((JSON.parse(gunzipSync(raw.body).toString("utf8")) as FeedPage).items).toHaveLength(10);
  });

  it("leaves signed-in requests, bad input and other routes to the app", async () => {
    reachedApp.length = 0;
    expect((await fetchVia(`/api/feed?seed=me&limit=3`, { headers: { cookie: user.cookie } })).status).toBe(200);
    const bad = await fetchVia(`/api/feed?limit=500`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("limit");
    expect((await fetchVia(`/api/feed?cursor=nonsense`)).status).toBe(400);
    expect((await fetchVia(`/api/health`)).status).toBe(200);
    expect(reachedApp).toHaveLength(4);
  });

  it("serves a fresh public-cache entry with its ETag, and 304 on revalidation", async () => {
    const path = `/api/products?limit=3`;
    const first = await fetchVia(path);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    reachedApp.length = 0;
    const again = await fetchVia(path);
    expect(await again.json()).toEqual(await first.json());
    expect((await fetchVia(path, { headers: { "if-none-match": etag! } })).status).toBe(304);
    expect(reachedApp).toEqual([]);
  });

  it("counts what it answers in the metrics, by the feed route or as a public-cache answer", async () => {
    const counted = async (route: string) => {
      const text = await server.deps.metrics.registry.metrics();
      const line = text.split("\n").find((candidate) => candidate.startsWith(`http_requests_total{method="GET",route="${route}",status="200"} `));
      return Number(line?.split(" ")[1] ?? 0);
    };
    const [feedBefore, cacheBefore] = [await counted("/api/feed"), await counted(PUBLIC_CACHE_ROUTE)];
    reachedApp.length = 0;
    expect((await fetchVia(`/api/feed?marketplaceId=${marketId}&seed=count&limit=3`)).status).toBe(200);
    expect((await fetchVia(`/api/products?limit=3`)).status).toBe(200);
    expect(reachedApp).toEqual([]);
    expect(await counted("/api/feed")).toBe(feedBefore + 1);
    expect(await counted(PUBLIC_CACHE_ROUTE)).toBe(cacheBefore + 1);
  });

  // Last: its catalogue write clears what the tests above rely on being held.
  it("answers a share page's HTML from memory once rendered, until a catalogue write clears it", async () => {
    const page = `/product/${firstProductId}`;
    reachedApp.length = 0;
    const first = await fetchVia(page);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(reachedApp).toEqual([page]);
    const again = await fetchVia(page);
    expect(reachedApp).toEqual([page]);
    expect(await again.text()).toBe(html);
    expect(again.headers.get("content-type")).toMatch(/^text\/html/);
    for (const name of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"]) {
      expect(again.headers.get(name)).toBe(first.headers.get(name));
    }
    // A catalogue write (the trigger notifies every instance) clears it: the next answer is the new head.
    await sql`update products set title = ${"Renamed for the lane"} where id = ${firstProductId}`.execute(server.deps.database.db);
    await expect.poll(async () => (await (await fetchVia(page)).text()).includes("<title>Renamed for the lane"), { timeout: 5000 }).toBe(true);
    // Pages of unknown products are not held: each 404 is rendered by the app.
    reachedApp.length = 0;
    const missing = `/product/00000000-0000-4000-8000-000000000000`;
    expect((await fetchVia(missing)).status).toBe(404);
    expect((await fetchVia(missing)).status).toBe(404);
    expect(reachedApp).toEqual([missing, missing]);
  });
});

