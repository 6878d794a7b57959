import { randomBytes } from "node:crypto";
import type { SearchResult } from "@reelmart/core/api/search";
import { realtimeTopics } from "@reelmart/core/engagement";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createMarketplace, createMedia, createProduct } from "../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { getProductsByIds } from "../modules/catalog/products.service.ts";
import { notifyChange } from "../modules/realtime/realtime.service.ts";
import { PUBLIC_CACHE_CHANNEL } from "./public-cache.ts";
import { SEARCH_INDEX_CHANNEL } from "./search-memory.ts";
import { eventually } from "../testing/eventually.ts";

// Decision 141: the search index in memory follows every write to what it reads through migration
// 0102's notifications (the SQL search answers while it rebuilds), and popularity through the
// counters topic.
// search.catalogue.test.ts compares its answers with the SQL's over a whole catalogue.

/** A made-up word of consonants, so no other product of this file matches it. */
function tag(letters = 8): string {
  const alphabet = "bcdfghjklmnpqrstvwxz";
  return [...randomBytes(letters)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

describe("search from memory in the app", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
  });
  afterAll(() => server?.close());

  // Signed-out reads pass the public response cache; a distinct parameter each time goes around it.
  let request = 0;
  const items = async (q: string) => (await server.json<SearchResult>(`/api/search?${new URLSearchParams({ q, n: String((request += 1)) })}`)).body.items;
  const found = async (q: string) => (await items(q)).map((item) => item.id);
  const fromMemory = async () => (await server.deps.readModel!.search.whenBuilt()) !== undefined;
  // A notification that arrives during a build discards it (its catalogue moved on): the next one lands.
  const rebuilt = () => eventually(fromMemory, "the index in memory was never rebuilt");

  it("finds a product added, edited or hidden right after the notification, while the index rebuilds and after", async () => {
    const db = server.deps.database.db;
    const word = tag();
    const product = await createProduct(db, { title: `${word} lantern` });
    await eventually(async () => (await found(word)).includes(product.id));
    await rebuilt();
    expect(await found(`${word.slice(0, 4)}`)).toEqual([product.id]);
    expect(await found(`${word} lantren`)).toEqual([product.id]);

    const renamed = tag();
    await db.updateTable("products").set({ title: `${renamed} lantern` }).where("id", "=", product.id).execute();
    await eventually(async () => server.deps.database.kind === "pglite" || (await found(renamed)).includes(product.id));
    // From the notification on, the new words and never the old (both while it rebuilds and after).
    for (let i = 0; i < 3; i++) expect([await found(renamed), await found(word)]).toEqual([[product.id], []]);
    await rebuilt();
    expect([await found(renamed), await found(word)]).toEqual([[product.id], []]);

    await db.updateTable("products").set({ status: "archived" }).where("id", "=", product.id).execute();
    await eventually(async () => server.deps.database.kind === "pglite" || (await found(renamed)).length === 0);
    expect(await found(renamed)).toEqual([]);
    await rebuilt();
    expect(await found(renamed)).toEqual([]);
  });

  it("is rebuilt for a new description word, a listing withdrawn and a brand renamed, and not for a stock change that keeps a product in stock", async () => {
    const db = server.deps.database.db;
    const word = tag();
    const market = await createMarketplace(db);
    const brand = await createBrand(db, { name: `${tag()} works` });
    const product = await createProduct(db, { title: `${word} teapot`, brand_id: brand.id, stock: 20, marketplaceIds: [market.id] });
    const inMarket = async (q: string) =>
      (await server.json<SearchResult>(`/api/search?${new URLSearchParams({ q, marketplaceId: market.id, n: String((request += 1)) })}`)).body.items.map((item) => item.id);
    await eventually(async () => (await found(word)).includes(product.id) && (await fromMemory()));
    const snapshot = server.deps.readModel!.search.current();

    // An order's kind of write: the public read cache is told (0002), the index is not (0102).
    const heard: string[] = [];
    const stop = await Promise.all(
      [PUBLIC_CACHE_CHANNEL, SEARCH_INDEX_CHANNEL].map((channel) => server.deps.database.listen(
        channel,
        () => heard.push(channel),
        () => {},
      )),
    );
    await db.updateTable("products").set({ stock: 19 }).where("id", "=", product.id).execute();
    // Both channels' notifications of one transaction arrive together, in order.
    await eventually(async () => heard.includes(PUBLIC_CACHE_CHANNEL));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const unlisten of stop) await unlisten();
    expect(heard).not.toContain(SEARCH_INDEX_CHANNEL);
    expect(server.deps.readModel!.search.current()).toBe(snapshot);

    const described = tag();
    await db.updateTable("products").set({ description: `Brews ${described} leaves` }).where("id", "=", product.id).execute();
    await eventually(async () => (await found(described)).includes(product.id) && (await fromMemory()));
    expect(server.deps.readModel!.search.current()).not.toBe(snapshot);

    const renamedBrand = tag();
    await db.updateTable("brands").set({ name: `${renamedBrand} works` }).where("id", "=", brand.id).execute();
    await eventually(async () => (await found(renamedBrand)).includes(product.id) && (await fromMemory()));

    expect(await inMarket(word)).toEqual([product.id]);
    await db.updateTable("marketplace_listings").set({ is_active: false }).where("product_id", "=", product.id).execute();
    await eventually(async () => (await inMarket(word)).length === 0 && (await fromMemory()));
    expect(await inMarket(word)).toEqual([]);
  });

  it("ranks by popularity as likes arrive, without a rebuild, and shows fresh counters on items the catalogue cache holds", async () => {
    const db = server.deps.database.db;
    const word = tag();
    const older = await createProduct(db, { title: `${word} kettle`, created_at: "2020-01-01T00:00:00Z" });
    const newer = await createProduct(db, { title: `${word} kettle`, created_at: "2024-01-01T00:00:00Z" });
    const media = await createMedia(db, older.id);
    await eventually(async () => (await found(word)).length === 2 && (await fromMemory()));
    expect(await found(word)).toEqual([newer.id, older.id]);
    const snapshot = server.deps.readModel!.search.current();

    // Counters move without a catalogue notification; every writer sends the counters topic.
    await db.updateTable("product_media").set({ like_count: 3 }).where("id", "=", media.id).execute();
    await notifyChange(db, { topic: realtimeTopics.counters(media.id), kind: "update", ids: [media.id] });
    await eventually(async () => (await found(word))[0] === older.id);
    expect(server.deps.readModel!.search.current()).toBe(snapshot);
    expect(server.deps.readModel!.catalogue.get(older.id)).toBeDefined();
    await server.deps.readModel!.searchCards.settled();
    expect((await items(word))[0]!.media.map((item) => item.likeCount)).toEqual([3]);
  });
});

describe("search-result cards in memory (decision 142)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
    // No periodic task (the catalogue prefill, the search log's flush) may query while queries are counted.
    await server.deps.tasks.stop();
  });
  afterAll(() => server?.close());

  let request = 0;
  const items = async (q: string) => (await server.json<SearchResult>(`/api/search?${new URLSearchParams({ q, n: String((request += 1)) })}`)).body.items;

  it("answer a warm search with no query, with live counters, and show a price, stock or title edit in the next search", async () => {
    const { db, pool } = server.deps.database;
    // Every query of the app's Kysely checks a connection out of this pool (PGlite's included).
    let queries = 0;
    const count = () => (queries += 1);
    pool.on("acquire", count);
    try {
      const word = tag();
      const product = await createProduct(db, { title: `${word} lantern`, price: "120.00", stock: 5 });
      const media = await createMedia(db, product.id);
      await eventually(async () => (await items(word)).length === 1 && (await server.deps.readModel!.search.whenBuilt()) !== undefined);
      const warmSearch = async () => {
        await server.deps.readModel!.searchCards.settled();
        queries = 0;
        const found = await items(word);
        expect(queries).toBe(0);
        // What the database answers for the same product, to the byte.
        expect(JSON.stringify(found)).toBe(JSON.stringify(await getProductsByIds(db, [product.id])));
        return found[0]!;
      };
      expect((await warmSearch()).price).toBe("120.00");

      await db.updateTable("product_media").set({ like_count: 7 }).where("id", "=", media.id).execute();
      await notifyChange(db, { topic: realtimeTopics.counters(media.id), kind: "update", ids: [media.id] });
      await eventually(async () => (await items(word))[0]!.media[0]!.likeCount === 7);
      expect((await warmSearch()).media[0]!.likeCount).toBe(7);

      // Migration 0100's notification drops the card: the next search reads the edit (on PostgreSQL once it arrives).
      await db.updateTable("products").set({ price: "99.50" }).where("id", "=", product.id).execute();
      // A price is in the index (migration 0102 notifies it): the search answers from SQL until the rebuild lands.
      await eventually(async () => (await items(word))[0]!.price === "99.50" && (await server.deps.readModel!.search.whenBuilt()) !== undefined);
      expect((await warmSearch()).price).toBe("99.50");

      await db.updateTable("products").set({ stock: 4 }).where("id", "=", product.id).execute();
      await eventually(async () => (await items(word))[0]!.stock === 4);
      expect((await warmSearch()).stock).toBe(4);

      await db.updateTable("products").set({ title: `${word} lamp` }).where("id", "=", product.id).execute();
      await eventually(async () => (await items(word))[0]?.title === `${word} lamp` && (await server.deps.readModel!.search.whenBuilt()) !== undefined);
      expect((await warmSearch()).title).toBe(`${word} lamp`);
    } finally {
      pool.off("acquire", count);
    }
  });
});
