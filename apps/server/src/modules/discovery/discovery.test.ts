import type { ProductSummary } from "@reelmart/core/api/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";

type ErrorReply = { error: { code: string; message: string; field?: string } };

describe("similar products", () => {
  let server: TestServer;
  const ids = {} as Record<"source" | "both" | "category" | "brand" | "unrelated" | "draft", string>;
  let marketplaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    const acme = await createBrand(db);
    const other = await createBrand(db);
    marketplaceId = (await createMarketplace(db)).id;
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 0, minutes));
    ids.source = (await createProduct(db, { category: "Audio", brand_id: acme.id, created_at: at(0), marketplaceIds: [marketplaceId] })).id;
    ids.both = (await createProduct(db, { category: "Audio", brand_id: acme.id, created_at: at(1) })).id;
    ids.category = (await createProduct(db, { category: "Audio", brand_id: other.id, created_at: at(2), marketplaceIds: [marketplaceId] })).id;
    ids.brand = (await createProduct(db, { category: "Kitchen", brand_id: acme.id, created_at: at(3) })).id;
    ids.unrelated = (await createProduct(db, { category: "Kitchen", brand_id: other.id, created_at: at(4), marketplaceIds: [marketplaceId] })).id;
    ids.draft = (await createProduct(db, { category: "Audio", brand_id: acme.id, status: "draft" })).id;
  });
  afterAll(() => server.close());

  it("ranks same category and brand first, then newest, leaving out the product itself and drafts", async () => {
    const { status, body } = await server.json<{ items: ProductSummary[] }>(`/api/products/${ids.source}/similar`);
    expect(status).toBe(200);
    expect(body.items.map((product) => product.id)).toEqual([ids.both, ids.brand, ids.category, ids.unrelated]);
  });

  it("filters by marketplace and honours the limit", async () => {
    const listed = await server.json<{ items: ProductSummary[] }>(`/api/products/${ids.source}/similar?marketplaceId=${marketplaceId}`);
    expect(listed.body.items.map((product) => product.id)).toEqual([ids.category, ids.unrelated]);
    const one = await server.json<{ items: ProductSummary[] }>(`/api/products/${ids.source}/similar?limit=1`);
    expect(one.body.items).toHaveLength(1);
  });

  it("ranks trending products by media views", async () => {
    const { db } = server.deps.database;
    await createMedia(db, ids.unrelated, { view_count: 50 });
    await createMedia(db, ids.category, { view_count: 10 });
    await createMedia(db, ids.category, { view_count: 45 });
    const { body } = await server.json<{ items: ProductSummary[] }>(`/api/discovery/trending?limit=2`);
    expect(body.items.map((product) => product.id)).toEqual([ids.category, ids.unrelated]);
    const listed = await server.json<{ items: ProductSummary[] }>(`/api/discovery/trending?marketplaceId=${marketplaceId}`);
    expect(listed.body.items.map((product) => product.id).slice(0, 2)).toEqual([ids.category, ids.unrelated]);
    expect(listed.body.items).toHaveLength(3);
  });

  it("answers 404 for an unknown product and 400 naming a bad parameter", async () => {
    expect((await server.json(`/api/products/${crypto.randomUUID()}/similar`)).status).toBe(404);
    const bad = await server.json<ErrorReply>(`/api/products/${ids.source}/similar?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("limit");
  });

  it("shows a product's images and ready videos only, not a processing or failed video", async () => {
    const { db } = server.deps.database;
    const image = await createMedia(db, ids.both, { type: "image", display_order: 2 });
    const ready = await createMedia(db, ids.both, { display_order: 1 });
    await createMedia(db, ids.both, { status: "processing", renditionHeights: [] });
    await createMedia(db, ids.both, { status: "failed", renditionHeights: [] });
    const similar = await server.json<{ items: ProductSummary[] }>(`/api/products/${ids.source}/similar`);
    const trending = await server.json<{ items: ProductSummary[] }>(`/api/discovery/trending?limit=10`);
    for (const { body } of [similar, trending]) {
      expect(body.items.find((product) => product.id === ids.both)?.media.map((m) => m.id)).toEqual([ready.id, image.id]);
    }
  });
});

describe("admin media edits", () => {
  let server: TestServer;
  let admin: TestUser;
  let shopper: TestUser;
  let mediaId: string;

  const send = <T = unknown>(user: TestUser | null, method: string, id: string, body?: unknown) =>
    server.json<T>(`/api/admin/media/${id}`, {
      method,
      headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.deps.database;
    const product = await createProduct(db);
    mediaId = (await createMedia(db, product.id, { title: "Original", category: "product" })).id;
    admin = await signUpUser(server, { admin: true });
    shopper = await signUpUser(server);
  });
  afterAll(() => server.close());

  const stored = () =>
    server.deps.database.db.selectFrom("product_media").select(["title", "category"]).where("id", "=", mediaId).executeTakeFirst();

  it("refuses anonymous (401) and non-admin (403) callers and leaves the media unchanged", async () => {
    expect((await send(null, "PATCH", mediaId, { title: "Hacked" })).status).toBe(401);
    expect((await send(shopper, "PATCH", mediaId, { title: "Hacked" })).status).toBe(403);
    expect((await send(shopper, "DELETE", mediaId)).status).toBe(403);
    expect(await stored()).toEqual({ title: "Original", category: "product" });
  });

  it("lets an admin edit title and category, validating the fields", async () => {
    const edited = await send(admin, "PATCH", mediaId, { title: "  Unboxing  ", category: "ugc" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: mediaId, title: "Unboxing", category: "ugc" });
    expect(await stored()).toEqual({ title: "Unboxing", category: "ugc" });
    const bad = await send<ErrorReply>(admin, "PATCH", mediaId, { category: "other" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("category");
    const empty = await send<ErrorReply>(admin, "PATCH", mediaId, {});
    expect(empty.status).toBe(400);
  });

  it("lets an admin delete, then answers 404", async () => {
    const response = await server.request(`/api/admin/media/${mediaId}`, { method: "DELETE", headers: admin.headers });
    expect(response.status).toBe(204);
    expect(await stored()).toBeUndefined();
    expect((await send(admin, "DELETE", mediaId)).status).toBe(404);
    expect((await send(admin, "PATCH", mediaId, { title: "x" })).status).toBe(404);
  });

  it("removes a deleted video's stored files, keeping the ones another row still names", async () => {
    const { db } = server.deps.database;
    const { storage } = server.deps;
    const product = await createProduct(db);
    const put = async (key: string) => {
      await storage.put("product-media", key, Buffer.from(key), { contentType: "application/octet-stream" });
      return storage.publicUrl("product-media", key);
    };
    const base = `products/${product.id}/optimized-0123456789abcdef`;
    const [master, low, poster, card] = await Promise.all([
      put(`${base}-720.mp4`),
      put(`${base}-360.mp4`),
      put(`${base}-720-thumbnail.jpg`),
      put(`products/${product.id}/image-fedcba9876543210.jpg`),
    ]);
    await db.updateTable("products").set({ video_url: master, thumbnail_url: card }).where("id", "=", product.id).execute();
    const video = await createMedia(db, product.id, { url: master, thumbnail_url: poster, is_main: true, renditionHeights: [] });
    await db
      .insertInto("media_renditions")
      .values([
        { media_id: video.id, height: 640, width: 360, url: low },
        { media_id: video.id, height: 1280, width: 720, url: master },
      ])
      .execute();
    // The same content under the same key: another video of the product shares the poster.
    await createMedia(db, product.id, { thumbnail_url: poster });
    // A processing video stands in with the product's card until its encode is done.
    const processing = await createMedia(db, product.id, { url: card, thumbnail_url: card, status: "processing", renditionHeights: [] });

    const key = (url: string) => url.slice(storage.publicUrl("product-media", "").length);
    const exists = async (url: string) => (await storage.head("product-media", key(url))) !== null;
    const remove = async (id: string) => (await server.request(`/api/admin/media/${id}`, { method: "DELETE", headers: admin.headers })).status;
    expect(await remove(video.id)).toBe(204);
    expect(await exists(master)).toBe(false);
    expect(await exists(low)).toBe(false);
    expect(await exists(poster)).toBe(true);
    const { video_url } = await db.selectFrom("products").select("video_url").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(video_url).toBeNull();

    expect(await remove(processing.id)).toBe(204);
    expect(await exists(card)).toBe(true);
  });
});
