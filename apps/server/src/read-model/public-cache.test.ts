import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../testing/fixtures.ts";
import { notificationsSettled } from "../testing/notifications.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";
import { PUBLIC_CACHE_CHANNEL, PublicCache, cacheKey } from "./public-cache.ts";
import { eventually } from "../testing/eventually.ts";

describe("PublicCache", () => {
  const body = (text: string) => new TextEncoder().encode(text);

  it("serves fresh, then stale, then nothing as an entry ages", () => {
    let now = 0;
    const cache = new PublicCache({ freshMs: 100, staleMs: 200, now: () => now });
    cache.store("/a", body("a"), "application/json", cache.generation);
    expect(cache.lookup("/a")?.fresh).toBe(true);
    now = 150;
    expect(cache.lookup("/a")?.fresh).toBe(false);
    now = 300;
    expect(cache.lookup("/a")).toBeUndefined();
  });

  it("ages an entry stored with a freshness of its own by that one", () => {
    let now = 0;
    const cache = new PublicCache({ freshMs: 100, staleMs: 200, now: () => now });
    cache.store("/page", body("a"), "text/html", cache.generation, 1000);
    now = 900;
    expect(cache.lookup("/page")?.fresh).toBe(true);
    now = 1100;
    expect(cache.lookup("/page")?.fresh).toBe(false);
    now = 1200;
    expect(cache.lookup("/page")).toBeUndefined();
  });

  it("drops a response computed across a clear (a write happened meanwhile)", () => {
    const cache = new PublicCache();
    const generation = cache.generation;
    cache.clear();
    expect(cache.store("/a", body("a"), "application/json", generation)).toBeUndefined();
    expect(cache.lookup("/a")).toBeUndefined();
  });

  it("evicts the least recently used entries beyond maxBytes", () => {
    const cache = new PublicCache({ maxBytes: 100 });
    for (const key of ["/a", "/b", "/c", "/d", "/e", "/f", "/g", "/h"]) cache.store(key, body("x".repeat(12)), "application/json", cache.generation);
    cache.lookup("/a");
    cache.store("/i", body("x".repeat(12)), "application/json", cache.generation);
    expect(cache.lookup("/a")).toBeDefined();
    expect(cache.lookup("/b")).toBeUndefined();
  });

  it("keys equal queries alike whatever their order", () => {
    expect(cacheKey(new URL("http://h/api/products?limit=5&category=Audio"))).toBe(cacheKey(new URL("http://h/api/products?category=Audio&limit=5")));
  });
});

describe("public read cache in the app", () => {
  let server: TestServer;
  let user: TestUser;
  let productId: string;
  let mediaId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
    const product = await createProduct(server.deps.database.db, { title: "Cached lamp" });
    productId = product.id;
    mediaId = (await createMedia(server.deps.database.db, productId, { type: "video" })).id;
    user = await signUpUser(server);
    // The writes above clear the public cache by notification; on PostgreSQL one may land after a test stores an entry.
    await notificationsSettled(PUBLIC_CACHE_CHANNEL, [server.deps.database]);
  });
  afterAll(() => server?.close());

  const likeCount = (body: { media: { likeCount: number }[] }) => body.media[0]?.likeCount;

  it("serves anonymous repeats from memory with an ETag, and 304 on If-None-Match", async () => {
    const first = await server.request(`/api/products/${productId}`);
    const etag = first.headers.get("etag");
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const again = await server.request(`/api/products/${productId}`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("lets engagement counters lag (no invalidation) but never for a signed-in viewer", async () => {
    const before = await server.json<{ media: { likeCount: number }[] }>(`/api/products/${productId}`);
    await server.deps.database.db.updateTable("product_media").set({ like_count: 42 }).where("id", "=", mediaId).execute();
    const anonymous = await server.json<{ media: { likeCount: number }[] }>(`/api/products/${productId}`);
    expect(likeCount(anonymous.body)).toBe(likeCount(before.body));

    const signedIn = await server.request(`/api/products/${productId}`, { headers: user.headers });
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(likeCount((await signedIn.json()) as { media: { likeCount: number }[] })).toBe(42);
  });

  it("is invalidated by a write that changes the response", async () => {
    await server.json(`/api/products`);
    await server.deps.database.db.updateTable("products").set({ title: "Renamed lamp" }).where("id", "=", productId).execute();
    await eventually(async () => {
      const list = await server.json<{ items: { id: string; title: string }[] }>(`/api/products`);
      return list.body.items.find((item) => item.id === productId)?.title === "Renamed lamp";
    });
    const detail = await server.json<{ title: string }>(`/api/products/${productId}`);
    expect(detail.body.title).toBe("Renamed lamp");
  });

  it("does not cache a signed-in viewer's response for anonymous requests", async () => {
    await server.deps.database.db.updateTable("products").set({ title: "Lamp v3" }).where("id", "=", productId).execute();
    await eventually(async () => (await server.json<{ title: string }>(`/api/products/${productId}`, { headers: user.headers })).body.title === "Lamp v3");
    await server.deps.database.db.updateTable("product_media").set({ like_count: 7 }).where("id", "=", mediaId).execute();
    // Signed-in requests neither read nor fill the cache: the next anonymous one computes afresh.
    await server.request(`/api/products/${productId}`, { headers: user.headers });
    const anonymous = await server.json<{ media: { likeCount: number }[] }>(`/api/products/${productId}`);
    expect(likeCount(anonymous.body)).toBe(7);
  });

  it("leaves feed requests without a seed uncached (each picks its own)", async () => {
    const first = await server.json<{ seed: string }>(`/api/feed`);
    const second = await server.json<{ seed: string }>(`/api/feed`);
    expect(first.body.seed).not.toBe(second.body.seed);
  });

  it("serves the same bytes gzipped when asked", async () => {
    const plain = await server.request(`/api/products`);
    const text = await plain.text();
    const gzipped = await server.request(`/api/products`, { headers: { "accept-encoding": "gzip" } });
    if (text.length >= 1024) expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe(text);
  });
});
