import type { ErrorBody } from "@reelmart/core/api/errors";
import { randomUUID } from "node:crypto";
import { ProductDetailSchema, ProductPageSchema, type Brand, type Page, type ProductDetail, type ProductSummary } from "@reelmart/core/api/catalog";
import { BRAND_COVER_PLACEHOLDER } from "@reelmart/core/constants";
import fc from "fast-check";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";


let server: TestServer;
let db: Kysely<DB>;

beforeAll(async () => {
  server = await startTestServer();
  db = server.deps.database.db;
});
afterAll(() => server.close());

const get = <T>(path: string) => server.json<T>(path);

describe("GET /api/products", () => {
  it("pages newest first with a cursor that covers every row exactly once, ties included", async () => {
    const category = `paging-${randomUUID()}`;
    const sameInstant = "2024-05-01T10:00:00.123456Z";
    const created: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Microsecond-apart and identical timestamps: a millisecond cursor or a missing id tie-break would repeat or skip rows.
      const created_at = i < 8 ? sameInstant : `2024-05-01T10:00:00.${String(123456 + i).padStart(6, "0")}Z`;
      created.push((await createProduct(db, { category, created_at })).id);
    }
    await createProduct(db, { category, status: "draft" });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/products?category=${category}&limit=5${cursor ? `&cursor=${cursor}` : ""}`;
      const { status, body } = await get<Page<ProductSummary>>(query);
      expect(status).toBe(200);
      expect(ProductPageSchema.safeParse(body).success).toBe(true);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);

    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen)).toEqual(new Set(created));
    const rows = await db.selectFrom("products").select(["id"]).where("category", "=", category).where("status", "=", "active").orderBy("created_at", "desc").orderBy("id", "desc").execute();
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it("defaults to 20 items and refuses limits outside 1..100, naming the field", async () => {
    const category = `limit-${randomUUID()}`;
    for (let i = 0; i < 21; i++) await createProduct(db, { category });
    const { body } = await get<Page<ProductSummary>>(`/api/products?category=${category}`);
    expect(body.items).toHaveLength(20);
    expect(body.nextCursor).not.toBeNull();
    for (const limit of ["0", "101", "abc", "1.5"]) {
      const { status, body: error } = await get<ErrorBody>(`/api/products?limit=${limit}`);
      expect(status).toBe(400);
      expect(error.error.field).toBe("limit");
    }
  });

  it("keeps only products actively listed in the marketplace", async () => {
    const market = await createMarketplace(db);
    const other = await createMarketplace(db);
    const listed = await createProduct(db, { marketplaceIds: [market.id] });
    await createProduct(db, { marketplaceIds: [other.id] });
    const delisted = await createProduct(db, { marketplaceIds: [market.id] });
    await db.updateTable("marketplace_listings").set({ is_active: false }).where("product_id", "=", delisted.id).execute();

    const { body } = await get<Page<ProductSummary>>(`/api/products?marketplaceId=${market.id}`);
    expect(body.items.map((item) => item.id)).toEqual([listed.id]);
  });

  it("filters by brand", async () => {
    const brand = await createBrand(db);
    const mine = await createProduct(db, { brand_id: brand.id });
    await createProduct(db);
    const { body } = await get<Page<ProductSummary>>(`/api/products?brandId=${brand.id}`);
    expect(body.items.map((item) => item.id)).toEqual([mine.id]);
    expect(body.nextCursor).toBeNull();
  });

  it("answers 400 naming the field for ids that are not UUIDs and for forged cursors", async () => {
    for (const [query, field] of [
      ["marketplaceId=abc", "marketplaceId"],
      ["brandId=1", "brandId"],
      ["cursor=not-a-cursor", "cursor"],
      [`cursor=${Buffer.from(`99999999999999999|${randomUUID()}`).toString("base64url")}`, "cursor"],
      [`cursor=${Buffer.from(`1700000000000000|${randomUUID()}|x`).toString("base64url")}`, "cursor"],
    ] as const) {
      const { status, body } = await get<ErrorBody>(`/api/products?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toMatchObject({ code: "bad_request", field });
    }
  });
});

describe("GET /api/products/{id}", () => {
  it("returns the product with brand, ordered media and renditions, highlights, promotions, variants and marketplaces", async () => {
    const brand = await createBrand(db, { name: "Acme", logo_url: "/logos/acme.png", featured: true });
    const india = await createMarketplace(db, { name: "India", display_order: 1 });
    const gulf = await createMarketplace(db, { name: "Gulf", display_order: 0 });
    const product = await createProduct(db, {
      title: "Trail shoe",
      price: "1999.5",
      discount_percentage: "12.5",
      brand_id: brand.id,
      specifications: JSON.stringify({ sizes: ["8", "9"] }),
      marketplaceIds: [india.id, gulf.id],
    });
    const image = await createMedia(db, product.id, { type: "image", display_order: 2 });
    const video = await createMedia(db, product.id, { display_order: 1, is_main: true, renditionHeights: [720, 360, 1080] });
    await db
      .insertInto("product_highlights")
      .values([
        { product_id: product.id, text: "Second", display_order: 2 },
        { product_id: product.id, text: "First", display_order: 1 },
      ])
      .execute();
    await db.insertInto("product_promotions").values({ product_id: product.id, label: "Diwali", promo_end_date: "2030-01-01T00:00:00Z" }).execute();
    await db.insertInto("product_variants").values({ product_id: product.id, size: "9", color: "Red", color_hex: "#ff0000", stock: 3, price_adjustment: "50" }).execute();

    const { status, body } = await get<ProductDetail>(`/api/products/${product.id}`);
    expect(status).toBe(200);
    expect(ProductDetailSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      id: product.id,
      title: "Trail shoe",
      price: "1999.50",
      discountPercentage: 12.5,
      status: "active",
      brandId: brand.id,
      brand: { id: brand.id, name: "Acme", logoUrl: "/logos/acme.png", verified: true },
      rating: 4.5,
      reviews: 0,
      specifications: { sizes: ["8", "9"] },
      highlights: [{ text: "First", displayOrder: 1 }, { text: "Second", displayOrder: 2 }],
      promotions: [{ hasPromotion: true, label: "Diwali", promoEndDate: "2030-01-01T00:00:00.000Z" }],
      variants: [{ size: "9", color: "Red", colorHex: "#ff0000", stock: 3, priceAdjustment: "50.00", imageUrl: null }],
      marketplaces: [
        { id: gulf.id, name: "Gulf" },
        { id: india.id, name: "India" },
      ],
    });
    expect(body.media.map((m) => [m.id, m.type])).toEqual([
      [video.id, "video"],
      [image.id, "image"],
    ]);
    expect(body.media[0]).toMatchObject({ isMain: true, duration: 30, status: "ready", likeCount: 0 });
    expect(body.media[0]?.renditions.map((r) => r.height)).toEqual([360, 720, 1080]);
    expect(body.media[1]?.renditions).toEqual([]);
  });

  it("applies the spec defaults: rating from reviews or 4.5, unparsable specifications as {}", async () => {
    const unreviewed = await createProduct(db, { specifications: JSON.stringify("{not json") });
    const reviewed = await createProduct(db, { rating_sum: 14, review_count: 3, specifications: JSON.stringify(JSON.stringify({ color: "blue" })) });
    const a = await get<ProductDetail>(`/api/products/${unreviewed.id}`);
    expect(a.body).toMatchObject({ rating: 4.5, reviews: 0, specifications: {}, brand: null, brandId: null });
    const b = await get<ProductDetail>(`/api/products/${reviewed.id}`);
    expect(b.body).toMatchObject({ rating: 4.7, reviews: 3, specifications: { color: "blue" } });
  });

  it("answers 404 with the spec's wording for unknown, draft and unlisted products", async () => {
    const unknownId = randomUUID();
    const missing = await get<ErrorBody>(`/api/products/${unknownId}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: "not_found", message: `Product with ID ${unknownId} not found` });

    const draft = await createProduct(db, { status: "draft" });
    expect((await get(`/api/products/${draft.id}`)).status).toBe(404);

    const market = await createMarketplace(db);
    const elsewhere = await createProduct(db);
    expect((await get(`/api/products/${elsewhere.id}?marketplaceId=${market.id}`)).status).toBe(404);
    expect((await get(`/api/products/${elsewhere.id}`)).status).toBe(200);
  });

  it("answers 400 naming the field when the id is not a UUID", async () => {
    const { status, body } = await get<ErrorBody>("/api/products/not-a-uuid");
    expect(status).toBe(400);
    expect(body.error.field).toBe("id");
  });
});

describe("GET /api/products/batch", () => {
  it("returns active products in the order asked for and leaves out unknown ones", async () => {
    const first = await createProduct(db);
    const second = await createProduct(db);
    const draft = await createProduct(db, { status: "draft" });
    await createMedia(db, second.id);
    const { status, body } = await get<{ items: ProductSummary[] }>(`/api/products/batch?ids=${second.id},${randomUUID()},${draft.id},${first.id},${second.id}`);
    expect(status).toBe(200);
    expect(body.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(body.items[0]?.media).toHaveLength(1);
  });

  it("refuses more than 100 ids, none, or a malformed one", async () => {
    const many = Array.from({ length: 101 }, () => randomUUID()).join(",");
    for (const query of [`ids=${many}`, "ids=", "", `ids=${randomUUID()},nope`]) {
      const { status, body } = await get<ErrorBody>(`/api/products/batch?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.field).toMatch(/^ids/);
    }
  });
});

describe("media a shopper can use", () => {
  it("shows images and ready videos, never a processing or failed video's stand-in image, on every read", async () => {
    const category = `media-${randomUUID()}`;
    const word = `ocelot${randomUUID().slice(0, 6)}`;
    const product = await createProduct(db, { title: word, category });
    const image = await createMedia(db, product.id, { type: "image", display_order: 2 });
    const ready = await createMedia(db, product.id, { display_order: 1 });
    const standIn = { url: "/media/product-media/cards/stand-in.jpg", thumbnail_url: "/media/product-media/cards/stand-in.jpg" };
    await createMedia(db, product.id, { ...standIn, status: "processing", renditionHeights: [] });
    await createMedia(db, product.id, { ...standIn, status: "failed", renditionHeights: [] });
    const usable = [ready.id, image.id];

    const detail = await get<ProductDetail>(`/api/products/${product.id}`);
    expect(detail.body.media.map((m) => m.id)).toEqual(usable);
    const list = await get<Page<ProductSummary>>(`/api/products?category=${category}`);
    const batch = await get<{ items: ProductSummary[] }>(`/api/products/batch?ids=${product.id}`);
    const search = await get<{ items: ProductSummary[] }>(`/api/search?q=${word}`);
    for (const items of [list.body.items, batch.body.items, search.body.items]) {
      expect(items.map((item) => item.media.map((m) => m.id))).toEqual([usable]);
    }
  });
});

describe("brands, categories, marketplaces", () => {
  it("pages brands newest first with active product counts and spec defaults", async () => {
    const tag = randomUUID().slice(0, 8);
    const plain = await createBrand(db, { name: `Plain ${tag}`, created_at: "2024-01-01T00:00:00Z" });
    const site = await createBrand(db, { name: `Site ${tag}`, website_url: "https://site.example", created_at: "2024-01-02T00:00:00Z" });
    await createProduct(db, { brand_id: plain.id });
    await createProduct(db, { brand_id: plain.id });
    await createProduct(db, { brand_id: plain.id, status: "archived" });

    const first = await get<Page<Brand>>(`/api/brands?q=${tag}&limit=1`);
    expect(first.body.items.map((b) => b.id)).toEqual([site.id]);
    const second = await get<Page<Brand>>(`/api/brands?q=${tag}&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((b) => b.id)).toEqual([plain.id]);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.items[0]).toMatchObject({ productCount: 2, followersCount: 0, verified: false, coverImageUrl: BRAND_COVER_PLACEHOLDER, websiteUrl: null });
    expect(first.body.items[0]).toMatchObject({ productCount: 0, websiteUrl: "https://site.example" });

    const one = await get<Brand>(`/api/brands/${plain.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(second.body.items[0]);
  });

  it("answers 404 for an unknown brand and 400 for a malformed id", async () => {
    expect((await get(`/api/brands/${randomUUID()}`)).status).toBe(404);
    const bad = await get<ErrorBody>("/api/brands/123");
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("id");
  });

  it("lists categories by name and active marketplaces by display order", async () => {
    await db.insertInto("categories").values([{ name: "Wearables" }, { name: "Audio" }]).execute();
    const categories = await get<{ items: { name: string }[] }>("/api/categories");
    const names = categories.body.items.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["Audio", "Wearables"]));

    const hidden = await createMarketplace(db, { is_active: false });
    const early = await createMarketplace(db, { display_order: -5, tagline: "First" });
    const markets = await get<{ items: { id: string; displayOrder: number }[] }>("/api/marketplaces");
    expect(markets.body.items[0]).toEqual({ id: early.id, name: early.name, tagline: "First", flagUrl: early.flag_url, displayOrder: -5 });
    expect(markets.body.items.map((m) => m.id)).not.toContain(hidden.id);
    const orders = markets.body.items.map((m) => m.displayOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});

describe("never a 500 for anything a client can send", () => {
  const rawChars = fc.constantFrom(..."%_&=,;+#?/\\'\"aZ09- \u00e9\u{1F600}".split(""), "%00", "%FF", "%E0%A4", "\u0000");
  const rawText = fc.string({ unit: rawChars, maxLength: 40 });
  const value = fc.oneof(fc.string({ maxLength: 300 }), rawText, fc.uuid().map(String), fc.integer().map(String));
  const paths = ["/api/products", "/api/products/batch", "/api/brands", "/api/categories", "/api/marketplaces", "/api/search"];
  const keys = ["marketplaceId", "category", "brandId", "cursor", "limit", "ids", "q"];

  it("answers random query parameters with a 2xx or 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), rawText), value), { maxLength: 5 }),
        async (path, params) => {
          // URLSearchParams also stands in U+FFFD for lone surrogates, as a browser would.
          const response = await server.request(`${path}?${new URLSearchParams(params)}`);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answers NUL characters in free text with a 400, not a database error", async () => {
    for (const path of ["/api/products?category=%00", "/api/search?q=a%00", "/api/brands?q=%00b"]) {
      expect((await server.request(path)).status, path).toBe(400);
    }
  });

  it("answers random raw query strings and path ids with a 2xx or 4xx", async () => {
    const rawQuery = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), rawText), rawText), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths, "/api/products/", "/api/brands/"), rawText, rawQuery, async (path, id, params) => {
        const raw = params.map(([k, v]) => `${k}=${v}`).join("&");
        const target = path.endsWith("/") ? `${path}${id.replace(/[?#]/g, "")}?${raw}` : `${path}?${raw}`;
        const response = await server.request(target);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
