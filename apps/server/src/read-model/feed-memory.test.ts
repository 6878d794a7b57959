import { type FeedPage, FeedPageSchema, type FeedQuery } from "@reelmart/core/api/feed";
import { realtimeTopics } from "@reelmart/core/engagement";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { PUBLIC_CACHE_CHANNEL } from "./public-cache.ts";
import { createLogger } from "../logger.ts";
import { createMarketplace, createMedia, createProduct } from "../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { notifyChange } from "../modules/realtime/realtime.service.ts";
import { CatalogueCache, createCatalogueCache } from "./catalogue-cache.ts";
import { FEED_ORDER_CHANNEL, FeedMemory } from "./feed-memory.ts";
import { feedPageBytesFromMemory, getFeedPage } from "../modules/feed/feed.service.ts";
import { eventually } from "../testing/eventually.ts";
import { RowCounter } from "../testing/row-counter.ts";
import { notificationsSettled } from "../testing/notifications.ts";

describe("feed from memory", () => {
  let server: TestServer;
  let memory: FeedMemory;
  const markets: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.deps.database.db;
    markets.push((await createMarketplace(db)).id, (await createMarketplace(db)).id);
    for (let i = 0; i < 40; i += 1) {
      // Equal ranks in pairs, so the walk must break ties on id exactly as the index does.
      const product = await createProduct(db, { feed_rank: Math.floor(i / 2) / 20, marketplaceIds: i % 3 === 0 ? markets : [markets[i % 2]!] });
      await createMedia(db, product.id, { status: i % 7 === 0 ? "processing" : "ready" });
    }
    const draft = await createProduct(db, { status: "draft", marketplaceIds: markets });
    await createMedia(db, draft.id);
    memory = memoryOf(100);
    expect((await memory.whenBuilt())?.size).toBe(34);
  });
  afterAll(() => server?.close());

  /** A FeedMemory of the test's own, holding `maxCards` cards as objects (the test database, or `db`, read through `catalogue`). */
  const memoryOf = (maxCards: number, { db = server.deps.database.db, catalogue = new CatalogueCache() } = {}) =>
    new FeedMemory(db, catalogue, createLogger({ logLevel: "silent" }), { maxCards });

  /** memoryOf, started (following the counters topic) once its order is built and every card of it packed. */
  async function startedAndPacked(maxCards: number) {
    const small = memoryOf(maxCards);
    await small.start(server.deps.database);
    const order = (await small.whenBuilt())!;
    await eventually(async () => small.packedCards.count === order.size);
    return { small, order };
  }

  async function walkAll(query: FeedQuery, withMemory: boolean) {
    const pages: FeedPage[] = [];
    let cursor: string | undefined;
    do {
      const page = await getFeedPage(server.deps.database.db, { ...query, cursor }, withMemory ? memory : undefined);
      pages.push(page);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 30);
    return pages;
  }

  it("walks exactly as the SQL keyset walk, for any seed, marketplace and page size", async () => {
    for (const seed of ["a", "visit-2", "zz", "start"]) {
      for (const marketplaceId of [undefined, ...markets]) {
        for (const limit of [1, 7, 50]) {
          const query = { seed, marketplaceId, limit };
          expect(await walkAll(query, true)).toEqual(await walkAll(query, false));
        }
      }
    }
  });

  it("keeps at most maxCards cards", async () => {
    const small = memoryOf(5);
    await small.whenBuilt();
    await walkAll({ seed: "bounded", limit: 10 }, false);
    await getFeedPage(server.deps.database.db, { seed: "bounded", limit: 20 }, small);
    expect(small.cardCount).toBe(5);
  });

  it("packs every card of the order, so a page of cards not held as objects needs no query", async () => {
    const small = memoryOf(5);
    const order = (await small.whenBuilt())!;
    await eventually(async () => small.packedCards.count === order.size);
    expect(small.cardCount).toBe(5);
    // Synchronously, as the fast lane asks: every card is there, and is what the database gives.
    const ids = order.idsFrom(0, order.size);
    const bytes = small.heldCardsBytes(ids);
    expect(bytes).toHaveLength(order.size);
    const fromDatabase = await memoryOf(0).cardsFor(ids);
    expect(bytes!.map((card) => JSON.parse(card.toString()))).toEqual(JSON.parse(JSON.stringify(fromDatabase)));
    // And the pages it makes are the SQL walk's.
    for (const seed of ["packed-1", "packed-2"]) {
      const page = await getFeedPage(server.deps.database.db, { seed, limit: 30 }, small);
      expect(page).toEqual(await getFeedPage(server.deps.database.db, { seed, limit: 30 }));
    }
    await small.close();
  });

  it("answers a page from memory as the bytes the route sends for the SQL walk's page, its keys in FeedPage's order", async () => {
    const { small } = await startedAndPacked(5);
    // 34 products: a page with a next one, and the whole feed on one (its cursor null).
    for (const query of [{ seed: "bytes-1", limit: 7 }, { seed: "bytes-2", limit: 50 }]) {
      const bytes = String(feedPageBytesFromMemory(small, query));
      expect(bytes).toBe(JSON.stringify(await getFeedPage(server.deps.database.db, query)));
      expect(Object.keys(JSON.parse(bytes))).toEqual(Object.keys(FeedPageSchema.shape));
    }
    await small.close();
  });

  it("answers packed cards with the counters that moved since they were packed", async () => {
    const db = server.deps.database.db;
    const { small, order } = await startedAndPacked(1);
    const ids = order.idsFrom(0, order.size);
    const likes = new Map((await small.cardsFor(ids)).map((card) => [card.media[0]!.id, card.media[0]!.likeCount]));
    for (const mediaId of likes.keys()) {
      await db.updateTable("product_media").set({ like_count: likes.get(mediaId)! + 41 }).where("id", "=", mediaId).execute();
      await notifyChange(db, { topic: realtimeTopics.counters(mediaId), kind: "update", ids: [mediaId] });
    }
    // One card is held as an object (LiveCards keeps its counters), every other one only packed.
    expect(small.cardCount).toBe(1);
    const shown = (cards: { media: { id: string; likeCount: number }[] }[]) => cards.map((card) => card.media[0]!.likeCount - likes.get(card.media[0]!.id)!);
    await eventually(async () => {
      await small.settled();
      const held = small.heldCardsBytes(ids);
      return held !== undefined && shown(held.map((card) => JSON.parse(card.toString()))).every((moved) => moved === 41);
    });
    expect(shown(await small.cardsFor(ids))).toEqual(ids.map(() => 41));
    await small.close();
  });

  it("takes the counts a counters notice carries as they are, held and packed cards alike, and reads them for a notice without (decision 190)", async () => {
    const db = server.deps.database.db;
    const { small, order } = await startedAndPacked(1);
    const ids = order.idsFrom(0, 3);
    const mediaIds = (await small.cardsFor(ids)).map((card) => card.media[0]!.id);
    // Counts the database does not hold: only the notice can have put them in the cards.
    const carried = (n: number) => ({ likeCount: 900 + n, commentCount: 90 + n, shareCount: 9 + n, viewCount: 9000 + n });
    for (const [n, mediaId] of mediaIds.entries()) {
      await notifyChange(db, { topic: realtimeTopics.counters(mediaId), kind: "update", ids: [mediaId], counts: carried(n) });
    }
    const countsOf = (cards: { media: { likeCount: number; commentCount: number; shareCount: number; viewCount: number }[] }[]) =>
      cards.map((card) => {
        const { likeCount, commentCount, shareCount, viewCount } = card.media[0]!;
        return { likeCount, commentCount, shareCount, viewCount };
      });
    await eventually(async () => {
      const held = small.heldCardsBytes(ids);
      return held !== undefined && JSON.stringify(countsOf(held.map((card) => JSON.parse(card.toString())))) === JSON.stringify(mediaIds.map((_, n) => carried(n)));
    });
    expect(small.cardCount).toBe(1);
    expect(countsOf(await small.cardsFor(ids))).toEqual(mediaIds.map((_, n) => carried(n)));

    // Without counts, what the database holds.
    const stored = await db.selectFrom("product_media").select("like_count").where("id", "=", mediaIds[1]!).executeTakeFirstOrThrow();
    await notifyChange(db, { topic: realtimeTopics.counters(mediaIds[1]!), kind: "update", ids: [mediaIds[1]!] });
    await eventually(async () => {
      await small.settled();
      return (await small.cardsFor(ids))[1]!.media[0]!.likeCount === stored.like_count;
    });
    await small.close();
  });

  it("after a catalogue write re-reads only the cards of the products it touched, and rebuilds the order only for what it reads (decision 191)", async () => {
    const database = server.deps.database;
    const db = database.db;
    const catalogue = await createCatalogueCache(database);
    const counter = new RowCounter();
    const small = memoryOf(5, { db: db.withPlugin(counter), catalogue: catalogue.cache });
    await small.start(database);
    const order = (await small.whenBuilt())!;
    await eventually(async () => small.packedCards.count === order.size);
    /** Runs `write`, then waits for its notifications, the order's rebuild (when `rebuilds`) and every card read that follows. */
    const afterWrite = async (write: () => Promise<unknown>, { rebuilds }: { rebuilds: boolean }) => {
      const before = await small.whenBuilt();
      const dropped = catalogue.cache.currentGeneration;
      await write();
      if (rebuilds) await eventually(async () => (await small.whenBuilt()) !== before);
      else {
        await eventually(async () => catalogue.cache.currentGeneration > dropped);
        // One listener connection delivers a commit's notifications in order: had the order's channel
        // had one, it is in once a marker sent after it on another channel (nobody here caches on it) is.
        await notificationsSettled(PUBLIC_CACHE_CHANNEL, [database]);
        expect(await small.whenBuilt()).toBe(before);
      }
      await small.settled();
    };

    // What a rebuild of the order reads by itself, with no card to read again.
    counter.reset();
    await afterWrite(() => sql`select pg_notify(${FEED_ORDER_CHANNEL}, '')`.execute(db), { rebuilds: true });
    expect(counter.rows).toBeGreaterThanOrEqual(order.size);

    // A product packed but not held as an object is renamed, and another's stock changes: their
    // cards alone are read again, and the order stays.
    const [renamed, restocked] = order.idsFrom(order.size - 2, 2);
    counter.reset();
    await afterWrite(() => db.updateTable("products").set({ title: "Renamed in place" }).where("id", "=", renamed!).execute(), { rebuilds: false });
    await afterWrite(() => db.updateTable("products").set({ stock: sql`stock + 3` }).where("id", "=", restocked!).execute(), { rebuilds: false });
    await eventually(async () => JSON.parse(small.heldCardsBytes([renamed!])?.[0]?.toString() ?? "{}").title === "Renamed in place");
    expect(small.packedCards.count).toBe(order.size);
    // Two products, their videos and the videos' renditions, against the whole order's rows.
    expect(counter.rows).toBeGreaterThan(0);
    expect(counter.rows).toBeLessThan(20);

    // One held as an object goes with the notice itself: from then on the fast lane never answers
    // its old title, neither while it is read again nor after.
    const [heldRenamed] = order.idsFrom(1, 1);
    const titles = () => small.heldCardsBytes([heldRenamed!])?.map((card) => (JSON.parse(card.toString()) as { title: string }).title);
    const [oldTitle] = titles()!;
    await afterWrite(async () => {
      const dropped = catalogue.cache.currentGeneration;
      await db.updateTable("products").set({ title: "Renamed while held" }).where("id", "=", heldRenamed!).execute();
      await eventually(async () => catalogue.cache.currentGeneration > dropped);
      expect(titles()).not.toEqual([oldTitle]);
    }, { rebuilds: false });
    await eventually(async () => titles()?.[0] === "Renamed while held");

    // An archived product leaves the order and the packed cards; the pages are the SQL walk's.
    const [archived] = order.idsFrom(0, 1);
    await afterWrite(() => db.updateTable("products").set({ status: "archived" }).where("id", "=", archived!).execute(), { rebuilds: true });
    await eventually(async () => small.heldCardsBytes([archived!]) === undefined && small.packedCards.count === order.size - 1);
    for (const seed of ["patched-1", "patched-2"]) {
      const page = await getFeedPage(db, { seed, limit: 50 }, small);
      expect(page).toEqual(await getFeedPage(db, { seed, limit: 50 }));
    }
    await afterWrite(() => db.updateTable("products").set({ status: "active" }).where("id", "=", archived!).execute(), { rebuilds: true });
    await eventually(async () => small.packedCards.count === order.size);
    await small.close();
    await catalogue.unlisten();
  });
});

describe("feed from memory in the app", () => {
  let server: TestServer;
  let marketId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
    marketId = (await createMarketplace(server.deps.database.db)).id;
  });
  afterAll(() => server?.close());

  // Signed-out reads also pass the public response cache; a new seed each time goes around it.
  let visit = 0;
  const feed = async () => (await server.json<FeedPage>(`/api/feed?marketplaceId=${marketId}&seed=v${(visit += 1)}&limit=50`)).body.items;

  it("serves a product from memory, drops it once hidden, and shows one added later", async () => {
    const db = server.deps.database.db;
    const first = await createProduct(db, { marketplaceIds: [marketId] });
    const media = await createMedia(db, first.id);
    await eventually(async () => (await feed()).some((item) => item.id === first.id) && (await server.deps.readModel!.feed.whenBuilt()) !== undefined);
    expect((await feed()).map((item) => item.id)).toEqual([first.id]);
    // The page may come from its packed card while the prefill still runs; once it has, the card is
    // held as an object too (it is among the order's first maxCards).
    await server.deps.readModel!.feed.settled();
    expect(server.deps.readModel!.feed.cardCount).toBeGreaterThan(0);

    // Counters move without a catalogue notification; every writer sends the counters topic.
    await db.updateTable("product_media").set({ like_count: 7 }).where("id", "=", media.id).execute();
    await notifyChange(db, { topic: realtimeTopics.counters(media.id), kind: "update", ids: [media.id] });
    await eventually(async () => (await feed())[0]?.media[0]?.likeCount === 7);

    const second = await createProduct(db, { marketplaceIds: [marketId] });
    await createMedia(db, second.id);
    await eventually(async () => (await feed()).length === 2);

    await db.updateTable("products").set({ status: "archived" }).where("id", "=", first.id).execute();
    await eventually(async () => server.deps.database.kind === "pglite" || !(await feed()).some((item) => item.id === first.id));
    // From the notification on, never again (both while the order rebuilds and after).
    for (let i = 0; i < 5; i++) expect((await feed()).map((item) => item.id)).toEqual([second.id]);
    await server.deps.readModel!.feed.whenBuilt();
    expect((await feed()).map((item) => item.id)).toEqual([second.id]);
  });
});
