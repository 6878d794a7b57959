import type { ErrorBody } from "@reelmart/core/api/errors";
import type { ProductSummary } from "@reelmart/core/api/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";


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
    const bad = await server.json<ErrorBody>(`/api/products/${ids.source}/similar?limit=0`);
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
