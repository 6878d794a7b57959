import type { FeedPage } from "@reelmart/core/api/feed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

describe("feed", () => {
  let server: TestServer;
  let marketId: string;
  let otherMarketId: string;
  const playable: string[] = [];
  let brandId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.deps.database.db;
    marketId = (await createMarketplace(db)).id;
    otherMarketId = (await createMarketplace(db)).id;
    brandId = (await createBrand(db, { name: "Sonic" })).id;
    for (let i = 0; i < 25; i += 1) {
      const product = await createProduct(db, { brand_id: brandId, category: i % 2 ? "Audio" : "Fitness", marketplaceIds: [marketId] });
      await createMedia(db, product.id, { display_order: 1, renditionHeights: [240, 480, 720] });
      await createMedia(db, product.id, { display_order: 2, status: "processing" });
      await createMedia(db, product.id, { type: "image" });
      playable.push(product.id);
    }
    // Not in the feed: no ready video, a draft, another marketplace only.
    const imageOnly = await createProduct(db, { marketplaceIds: [marketId] });
    await createMedia(db, imageOnly.id, { type: "image" });
    const failed = await createProduct(db, { marketplaceIds: [marketId] });
    await createMedia(db, failed.id, { status: "failed" });
    const draft = await createProduct(db, { status: "draft", marketplaceIds: [marketId] });
    await createMedia(db, draft.id);
    const elsewhere = await createProduct(db, { marketplaceIds: [otherMarketId] });
    await createMedia(db, elsewhere.id);
  });
  afterAll(() => server.close());

  async function walkAll(query: string): Promise<{ ids: string[]; pages: number; seed: string }> {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let seed = "";
    do {
      const { status, body }: { status: number; body: FeedPage } = await server.json<FeedPage>(`/api/feed?${query}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(status).toBe(200);
      ids.push(...body.items.map((item) => item.id));
      seed = body.seed;
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    return { ids, pages, seed };
  }

  it("pages through every playable product of the marketplace exactly once", async () => {
    const { ids, pages } = await walkAll(`marketplaceId=${marketId}&seed=visit-1&limit=7`);
    expect(pages).toBe(4);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...playable].sort());
  });

  it("keeps one order per seed and shuffles differently for another seed", async () => {
    const first = await walkAll(`marketplaceId=${marketId}&seed=visit-1&limit=10`);
    const again = await walkAll(`marketplaceId=${marketId}&seed=visit-1&limit=4`);
    const other = await walkAll(`marketplaceId=${marketId}&seed=another-visit&limit=10`);
    expect(again.ids).toEqual(first.ids);
    expect(other.ids).not.toEqual(first.ids);
    expect([...other.ids].sort()).toEqual([...first.ids].sort());
  });

  it("picks and echoes a seed when none is given, and includes every marketplace without a filter", async () => {
    const { seed, ids } = await walkAll("limit=50");
    expect(seed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(ids).toHaveLength(26);
  });

  it("returns products with only their ready videos, renditions, counts and brand", async () => {
    const { body } = await server.json<FeedPage>(`/api/feed?marketplaceId=${marketId}&seed=s&limit=1`);
    const [item] = body.items;
    expect(item?.brand).toMatchObject({ id: brandId, name: "Sonic" });
    expect(item?.media).toHaveLength(1);
    expect(item?.media[0]).toMatchObject({ type: "video", status: "ready", viewCount: 0, likeCount: 0 });
    expect(item?.media[0]?.renditions.map((r) => r.height)).toEqual([240, 480, 720]);
    expect(item?.rating).toBe(4.5);
  });

  it("leads with the product and its similar items in 'similar' mode", async () => {
    const target = playable[3]!;
    const { status, body } = await server.json<FeedPage>(`/api/feed?marketplaceId=${marketId}&seed=s&limit=5&similarTo=${target}`);
    expect(status).toBe(200);
    expect(body.items[0]?.id).toBe(target);
    expect(body.items).toHaveLength(5);
    expect(body.nextCursor).not.toBeNull();
    const missing = await server.json(`/api/feed?similarTo=00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
  });

  it("shows a brand as verified when it is featured, whatever its website (spec 000 §3)", async () => {
    const db = server.deps.database.db;
    const market = await createMarketplace(db);
    const featured = await createBrand(db, { featured: true });
    const withWebsite = await createBrand(db, { website_url: "https://example.com" });
    for (const brand of [featured, withWebsite]) {
      const product = await createProduct(db, { brand_id: brand.id, marketplaceIds: [market.id] });
      await createMedia(db, product.id);
    }
    const { body } = await server.json<FeedPage>(`/api/feed?marketplaceId=${market.id}&seed=s`);
    const verified = new Map(body.items.map((item) => [item.brand?.id, item.brand?.verified]));
    expect(verified).toEqual(new Map([[featured.id, true], [withWebsite.id, false]]));
  });

  it("rejects bad input with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["cursor=garbage", "cursor"],
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["marketplaceId=nope", "marketplaceId"],
      ["seed=has%20space", "seed"],
    ] as const) {
      const { status, body } = await server.json<{ error: { field?: string } }>(`/api/feed?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.field, query).toBe(field);
    }
  });

  describe("views", () => {
    const post = (id: string, body: unknown, headers: Record<string, string> = {}) =>
      server.json<{ viewCount: number }>(`/api/media/${id}/views`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    it("counts concurrent views atomically and records who watched", async () => {
      const db = server.deps.database.db;
      const product = await createProduct(db);
      const media = await createMedia(db, product.id);
      const user = await signUpUser(server);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(media.id, { sessionId: `session-${i}` }, i === 0 ? user.headers : {})));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const row = await db.selectFrom("product_media").select("view_count").where("id", "=", media.id).executeTakeFirstOrThrow();
      expect(row.view_count).toBe(10);
      const views = await db.selectFrom("video_views").selectAll().where("media_id", "=", media.id).execute();
      expect(views).toHaveLength(10);
      expect(views.filter((v) => v.user_id === user.id)).toHaveLength(1);
      expect(views.every((v) => v.product_id === product.id)).toBe(true);
    });

    it("answers 404 for unknown media and 400 for a bad id or body", async () => {
      expect((await post("00000000-0000-4000-8000-000000000000", { sessionId: "s" })).status).toBe(404);
      expect((await post("not-a-uuid", { sessionId: "s" })).status).toBe(400);
      expect((await post(playable[0]!, {})).status).toBe(400);
    });
  });
});
