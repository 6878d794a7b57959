import type { FeedPage } from "@reelmart/core/api/feed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../testing/eventually.ts";
import { createMarketplace, createMedia, createProduct } from "../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";
import { type CatalogueEntry, CatalogueCache, createCatalogueCache } from "./catalogue-cache.ts";
import { catalogueCachePrefill } from "../modules/catalog/products.service.ts";
import { RowCounter } from "../testing/row-counter.ts";

describe("CatalogueCache", () => {
  const entry = (id: string) => ({ row: { id }, parts: {}, media: [], listedIn: new Set<string>() }) as unknown as CatalogueEntry;

  it("drops only the products a write named, and refuses a read of them taken before the drop", () => {
    const cache = new CatalogueCache();
    const before = cache.currentGeneration;
    cache.store(entry("a"), before);
    cache.store(entry("b"), before);
    cache.drop(["A"]);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeDefined();
    cache.store(entry("a"), before);
    expect(cache.get("a")).toBeUndefined();
    // Another product read at the same moment was not touched by the write: it may be stored.
    cache.store(entry("c"), before);
    expect(cache.get("c")).toBeDefined();
    expect(cache.takeDropped()).toEqual(["a"]);
    expect(cache.takeDropped()).toEqual([]);
    cache.store(entry("a"), cache.currentGeneration);
    expect(cache.get("a")).toBeDefined();
  });

  it("drops everything at once and refuses every read taken before", () => {
    const cache = new CatalogueCache();
    const before = cache.currentGeneration;
    cache.store(entry("a"), before);
    cache.dropAll();
    expect(cache.size).toBe(0);
    expect(cache.lastDropOfAll).toBeGreaterThan(before);
    cache.store(entry("b"), before);
    expect(cache.get("b")).toBeUndefined();
  });

  it("tells its followers what it drops, and whether a read taken earlier is still current (decision 142)", () => {
    const cache = new CatalogueCache();
    const told: (readonly string[] | "*")[] = [];
    cache.follow((ids) => told.push(ids));
    const before = cache.currentGeneration;
    cache.drop(["A"]);
    expect([cache.accepts("a", before), cache.accepts("b", before), cache.accepts("a", cache.currentGeneration)]).toEqual([false, true, true]);
    cache.dropAll();
    expect(told).toEqual([["a"], "*"]);
    expect(cache.accepts("b", before)).toBe(false);
  });

  it("keeps the most recently used entries within its bound", () => {
    const cache = new CatalogueCache(2);
    cache.store(entry("a"), cache.currentGeneration);
    cache.store(entry("b"), cache.currentGeneration);
    cache.get("a");
    cache.store(entry("c"), cache.currentGeneration);
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([true, false, true]);
  });
});

describe("catalogue cache in the app", () => {
  let server: TestServer;
  let user: TestUser;
  let marketId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
    marketId = (await createMarketplace(server.deps.database.db)).id;
    user = await signUpUser(server);
  });
  afterAll(() => server?.close());

  async function playableProduct(title: string) {
    const db = server.deps.database.db;
    const product = await createProduct(db, { title, marketplaceIds: [marketId] });
    const media = await createMedia(db, product.id);
    return { id: product.id, mediaId: media.id };
  }

  const feedIds = async (headers?: Record<string, string>) =>
    (await server.json<FeedPage>(`/api/feed?marketplaceId=${marketId}&seed=s&limit=50`, { headers })).body.items.map((item) => item.id);

  it("fills itself in the background after a catalogue write, without a read", async () => {
    const db = server.deps.database.db;
    const product = await createProduct(db, { title: "Prefilled lamp" });
    const draft = await createProduct(db, { status: "draft" });
    // The writes (a draft, then the editor's save) emptied the cache; the prefill task (every second)
    // loads the active products again. Its turn can wait behind other work on PGlite's one connection.
    await eventually(async () => Boolean(server.deps.readModel!.catalogue.get(product.id)), "the prefill never loaded the product", 15_000);
    expect(server.deps.readModel!.catalogue.get(product.id)?.row.title).toBe("Prefilled lamp");
    expect(server.deps.readModel!.catalogue.get(draft.id)).toBeUndefined();
  });

  it("serves signed-in reads from memory with current counters", async () => {
    const { id, mediaId } = await playableProduct("Cached kettle");
    expect((await server.json(`/api/products/${id}`, { headers: user.headers })).status).toBe(200);
    expect(server.deps.readModel!.catalogue.get(id)).toBeDefined();
    // A counter changes without a notification; the catalogue stays cached, the count is current.
    await server.deps.database.db.updateTable("product_media").set({ like_count: 9 }).where("id", "=", mediaId).execute();
    const detail = await server.json<{ media: { likeCount: number }[] }>(`/api/products/${id}`, { headers: user.headers });
    expect(detail.body.media[0]?.likeCount).toBe(9);
    const feed = await server.json<FeedPage>(`/api/feed?marketplaceId=${marketId}&seed=s&limit=50`, { headers: user.headers });
    expect(feed.body.items.find((item) => item.id === id)?.media[0]?.likeCount).toBe(9);
  });

  it("never serves a product once the notification of its hiding or deletion arrived", async () => {
    const db = server.deps.database.db;
    const hidden = await playableProduct("Soon hidden");
    const deleted = await playableProduct("Soon deleted");
    for (const { id } of [hidden, deleted]) expect((await server.json(`/api/products/${id}`, { headers: user.headers })).status).toBe(200);
    // The feed's order learns of the two new products from the same notifications, as asynchronously.
    await eventually(async () => {
      const ids = await feedIds(user.headers);
      return ids.includes(hidden.id) && ids.includes(deleted.id);
    }, "the feed never showed the new products");

    await db.updateTable("products").set({ status: "archived" }).where("id", "=", hidden.id).execute();
    await db.deleteFrom("products").where("id", "=", deleted.id).execute();
    // Two statements, two notifications: wait for both (the delete's may arrive after the archive's).
    await eventually(async () => server.deps.readModel!.catalogue.get(hidden.id) === undefined && server.deps.readModel!.catalogue.get(deleted.id) === undefined);
    for (const headers of [user.headers, undefined]) {
      for (const { id } of [hidden, deleted]) expect((await server.json(`/api/products/${id}`, { headers })).status).toBe(404);
      expect(await feedIds(headers)).not.toContain(hidden.id);
      expect(await feedIds(headers)).not.toContain(deleted.id);
    }
  });

  it("shows a changed child row (a new variant) once notified", async () => {
    const db = server.deps.database.db;
    const { id } = await playableProduct("Variant later");
    await server.json(`/api/products/${id}`, { headers: user.headers });
    await db.insertInto("product_variants").values({ product_id: id, size: "XL", stock: 1 }).execute();
    await eventually(async () => {
      const detail = await server.json<{ variants: { size: string }[] }>(`/api/products/${id}`, { headers: user.headers });
      return detail.body.variants.some((variant) => variant.size === "XL");
    });
  });

  it("applies the marketplace filter to cached products", async () => {
    const { id } = await playableProduct("Local only");
    const elsewhere = (await createMarketplace(server.deps.database.db)).id;
    expect((await server.json(`/api/products/${id}?marketplaceId=${marketId}`, { headers: user.headers })).status).toBe(200);
    expect((await server.json(`/api/products/${id}?marketplaceId=${elsewhere}`, { headers: user.headers })).status).toBe(404);
  });

  it("reads back only what a write dropped: O(changed) rows, not the cache's bound", async () => {
    const { database } = server.deps;
    const db = database.db;
    const products = [];
    for (let index = 0; index < 30; index++) products.push(await playableProduct(`Bounded ${index}`));
    const [first, second] = products.map(({ id }) => id);
    const variant = await db.insertInto("product_variants").values({ product_id: first!, size: "M", stock: 5 }).returning("id").executeTakeFirstOrThrow();
    // A cache and prefill of its own, reading through a counting connection, beside the server's.
    const { cache, unlisten } = await createCatalogueCache(database);
    const counter = new RowCounter();
    const prefill = catalogueCachePrefill(db.withPlugin(counter), cache);
    try {
      await prefill();
      const active = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "active").executeTakeFirstOrThrow();
      expect(cache.size).toBe(Number(active.n));
      expect(counter.rows).toBeGreaterThan(60); // the start: every active product's id, row, media and renditions
      counter.reset();
      await prefill();
      expect(counter.queries).toBe(0); // nothing dropped, nothing read

      // An order's stock change: one variant of one product.
      await db.updateTable("product_variants").set({ stock: 4 }).where("id", "=", variant.id).execute();
      await eventually(async () => cache.get(first!) === undefined);
      expect(cache.get(second!)).toBeDefined();
      await prefill();
      // The product row, its media and their renditions: three queries, a handful of rows.
      expect(counter.queries).toBe(3);
      expect(counter.rows).toBeLessThanOrEqual(5);
      expect(cache.get(first!)?.parts.variants.map((row) => row.stock)).toEqual([4]);
      expect(cache.size).toBe(Number(active.n));

      // A media edit and a brand-wide change name their products too.
      counter.reset();
      await db.updateTable("product_media").set({ title: "Renamed" }).where("product_id", "=", second!).execute();
      await eventually(async () => cache.get(second!) === undefined);
      await prefill();
      expect(counter.queries).toBe(3);
      expect(cache.get(second!)?.media[0]?.title).toBe("Renamed");
    } finally {
      await unlisten();
    }
  });
});
