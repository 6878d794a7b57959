import { type RequestListener, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import type { FeedPage } from "@reelmart/core/api/feed";
import type { SearchResult } from "@reelmart/core/api/search";
import { REALTIME_CHANNEL } from "@reelmart/core/engagement";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "./db/schema.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplace, createMedia, createProduct } from "./testing/fixtures.ts";
import { type RawAnswer, rawGet } from "./testing/lane-server.ts";
import { type TestServer, startTestServer } from "./testing/test-server.ts";
import { type TestUser, signUpUser } from "./testing/users.ts";
import { withFastLane } from "./fast-lane.ts";
import { laneAnswers } from "./lane-answers.ts";

// The fast lane (decisions 107, 111) must answer exactly what the app's route answers: the same
// status, headers and bytes, over real sockets, for the feed, product pages and search, anonymous and
// signed in. Two node servers share one app: one with the lane in front, one without. Every answer
// registered in lane-answers.ts is tried on its own samples first (decision 225).

/** A GET whose headers and bytes are kept as sent (no decoding of gzip). */
const get = (base: string, path: string, headers: Record<string, string> = {}) => rawGet(`${base}${path}`, headers);

/** Headers that differ per answer by design: its time, its request id, the connection's own. */
const PER_ANSWER = ["date", "x-request-id", "connection", "keep-alive"];

function comparable(answer: RawAnswer) {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_ANSWER.includes(name)));
  return { status: answer.status, headers, body: answer.body.toString("base64") };
}

async function listen(listener: RequestListener): Promise<{ server: Server; base: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("fast lane answers as the app's routes do", () => {
  let server: TestServer;
  let withLane: { server: Server; base: string };
  let appOnly: { server: Server; base: string };
  let user: TestUser;
  let marketId: string;
  const productIds: string[] = [];
  /** Requests the lane passed on to the app. */
  const reachedApp: string[] = [];

  beforeAll(async () => {
    // A test server runs without its read model (and so without the lane) unless asked.
    server = await startTestServer({}, { readModel: true });
    const db = server.deps.database.db;
    marketId = (await createMarketplace(db)).id;
    for (let i = 0; i < 6; i++) {
      const product = await createProduct(db, { marketplaceIds: [marketId] });
      productIds.push(product.id);
      await createMedia(db, product.id);
    }
    // A product page with two media, of which a like moves one.
    await createMedia(db, productIds[2]!, { display_order: 1 });
    user = await signUpUser(server);
    const app = getRequestListener(server.app.fetch);
    appOnly = await listen(app);
    withLane = await listen(
      withFastLane(server.deps, laneAnswers, (incoming, response) => {
        reachedApp.push(incoming.url ?? "");
        void app(incoming, response);
      }),
    );
    const order = await server.deps.readModel!.feed.whenBuilt();
    await server.deps.readModel!.feed.cardsFor(order!.idsFrom(0, order!.size));
  });
  afterAll(async () => {
    for (const http of [withLane?.server, appOnly?.server]) await new Promise((resolve) => http?.close(resolve));
    await server?.close();
  });

  /** The same request through both servers: the lane's answer, whether the lane answered it, and the app's. */
  async function throughLane(path: string, headers: Record<string, string> = {}) {
    reachedApp.length = 0;
    const lane = await get(withLane.base, path, headers);
    return { lane, answeredByLane: reachedApp.length === 0 };
  }

  async function both(path: string, headers: Record<string, string> = {}) {
    const { lane, answeredByLane } = await throughLane(path, headers);
    const app = await get(appOnly.base, path, headers);
    return { lane, app, answeredByLane };
  }

  /** The requests counted under `route`, whatever their status: the lane's and the app's, which share the server's metrics. */
  async function countedUnder(route: string): Promise<number> {
    const { values } = await server.deps.metrics.registry.getSingleMetric("http_requests_total")!.get();
    return values.filter((value) => value.labels.route === route).reduce((sum, value) => sum + value.value, 0);
  }

  it.each(laneAnswers.map((answer) => [answer.route, answer] as const))("answers every sample of %s itself, with the app's status and bytes", async (_route, answer) => {
    await server.deps.readModel!.search.whenBuilt();
    for (const { target, headers = {} } of answer.samples({ marketplaceId: marketId, productIds })) {
      const matched = answer.reads === "target" ? answer.match(target) : answer.match(new URL(target, "http://lane"));
      expect(matched, `${target} is a path of ${answer.route}`).toBeDefined();
      let lane: RawAnswer | undefined;
      /** Who answered the sample: the app, this answer (counted under its route), or another of the lane's (a public-cache entry). */
      const answeredBy = async () => {
        const before = await countedUnder(answer.route);
        const through = await throughLane(target, headers);
        lane = through.lane;
        if (!through.answeredByLane) return "the app";
        return (await countedUnder(answer.route)) === before + 1 ? answer.route : "another of the lane's answers";
      };
      // A product page is held once the catalogue prefill or the route has read it: asked until the lane answers it.
      await expect.poll(answeredBy, { timeout: 5000 }).toBe(answer.route);
      const app = await get(appOnly.base, target, headers);
      expect({ target, status: lane!.status, body: lane!.body.toString("base64") }).toEqual({ target, status: app.status, body: app.body.toString("base64") });
    }
  });

  it("answers a product page from memory with the route's headers and bytes", async () => {
    const path = `/api/products/${productIds[0]}`;
    // Held once the catalogue prefill or the route has read it.
    await expect.poll(async () => (await both(path)).answeredByLane, { timeout: 5000 }).toBe(true);
    for (const headers of [{}, { "accept-encoding": "gzip, deflate, br" }] as Record<string, string>[]) {
      const { lane, app, answeredByLane } = await both(path, headers);
      expect(answeredByLane).toBe(true);
      expect(lane.status).toBe(200);
      expect(comparable(lane)).toEqual(comparable(app));
    }
    const etag = (await get(appOnly.base, path)).headers.etag!;
    const revalidated = await both(path, { "if-none-match": etag });
    expect(revalidated.answeredByLane).toBe(true);
    expect(revalidated.lane.status).toBe(304);
    expect(comparable(revalidated.lane)).toEqual(comparable(revalidated.app));
    // An id in capitals is the same product, and the app answers it the same.
    const upper = await both(path.toUpperCase().replace("/API/PRODUCTS/", "/api/products/"));
    expect(upper.answeredByLane).toBe(true);
    expect(comparable(upper.lane)).toEqual(comparable(upper.app));
  });

  it("holds product pages, their gzip and feed cards in buffers of their own, not slices of node's pool or zlib's output buffer (decision 204)", async () => {
    const id = productIds[1]!;
    await expect.poll(async () => (await throughLane(`/api/products/${id}`)).answeredByLane, { timeout: 5000 }).toBe(true);
    const answers = server.deps.readModel!.productAnswers;
    const held = answers.peek(id.toLowerCase())!;
    const cards = server.deps.readModel!.feed.heldCardsBytes([id])!;
    expect(cards).toHaveLength(1);
    for (const bytes of [held.body, answers.gzip(held), ...cards]) {
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    }
  });

  it("leaves signed-in product pages, queries, unknown ids and bad ids to the app", async () => {
    const path = `/api/products/${productIds[1]}`;
    await get(appOnly.base, path);
    for (const [target, headers] of [
      [path, { cookie: user.cookie }],
      [path, { authorization: "Bearer nonsense" }],
      [`${path}?marketplaceId=${marketId}`, {}],
      [`/api/products/00000000-0000-4000-8000-000000000000`, {}],
      [`/api/products/not-a-uuid`, {}],
    ] as const) {
      const { lane, app, answeredByLane } = await both(target, headers);
      expect(answeredByLane).toBe(false);
      expect(comparable(lane)).toEqual(comparable(app));
    }
  });

  /**
   * The lane's answer built from memory (a feed page, a search) has the route's status, bytes and
   * headers but its caching ones: the app's answer goes through the public cache (the same URL may be
   * asked for again); the lane's carries live counters and is not stored, so it says no-cache and has
   * no ETag. Once the app has stored the answer, the lane serves that entry, headers and all; a feed
   * page it builds from memory before looking at the cache (decision 203), as it does every visit's.
   */
  async function expectRouteBytesFromMemory(path: string, headers: Record<string, string>, { memoryFirst = false } = {}) {
    const { lane, app, answeredByLane } = await both(path, headers);
    expect(answeredByLane).toBe(true);
    expect(lane.status).toBe(200);
    const { etag, "cache-control": appCacheControl, ...appRest } = comparable(app).headers;
    expect(etag).toMatch(/^"/);
    expect(appCacheControl).toBe("public, no-cache");
    const { "cache-control": laneCacheControl, ...laneRest } = comparable(lane).headers;
    expect(laneCacheControl).toBe("no-cache");
    expect({ ...comparable(lane), headers: laneRest }).toEqual({ ...comparable(app), headers: appRest });
    const again = await both(path, headers);
    expect(again.answeredByLane).toBe(true);
    expect(comparable(again.lane)).toEqual(memoryFirst ? comparable(lane) : comparable(again.app));
  }

  it("answers feed pages with the route's bytes; only its caching headers differ, as decision 111 chose", async () => {
    for (const [seed, headers] of [["parity", {}], ["parity-gzip", { "accept-encoding": "gzip" }]] as const) {
      const path = `/api/feed?marketplaceId=${marketId}&seed=${seed}&limit=4`;
      await expectRouteBytesFromMemory(path, headers, { memoryFirst: true });
    }
    const page = JSON.parse((await get(withLane.base, `/api/feed?marketplaceId=${marketId}&seed=parity-items&limit=4`)).body.toString("utf8")) as FeedPage;
    expect(page.items).toHaveLength(4);
  });

  it("answers searches from memory with the route's bytes; only its caching headers differ, as for the feed (decision 145)", async () => {
    await server.deps.readModel!.search.whenBuilt();
    for (const [query, headers] of [
      ["q=product&limit=4", {}],
      [`q=prduct&marketplaceId=${marketId}&sort=price-asc`, { "accept-encoding": "gzip" }],
      ["q=PRODUCT&limit=2&cursor=s1.2&inStock=true", {}],
    ] as const) {
      // The page's cards are held once the route has answered it (under another key of the public cache).
      expect((await get(appOnly.base, `/api/search?${query}&n=warm`)).status).toBe(200);
      const path = `/api/search?${query}&n=parity`;
      await expectRouteBytesFromMemory(path, headers);
    }
    const typo = JSON.parse((await get(withLane.base, `/api/search?q=prduct&n=typo`)).body.toString("utf8")) as SearchResult;
    expect(typo.didYouMean).toBe("product");
    expect(typo.items).toHaveLength(productIds.length);
    expect(typo.facets.priceRanges.reduce((sum, range) => sum + range.count, 0)).toBe(typo.total);
  });

  it("leaves searches it cannot answer from memory to the app: signed in, invalid, a parameter twice, a non-ASCII term", async () => {
    const held = "/api/search?q=product&n=held";
    await get(appOnly.base, held);
    expect((await both(`${held}-again`)).answeredByLane).toBe(true);
    for (const [target, headers, status] of [
      [held, { cookie: user.cookie }, 200],
      ["/api/search?q=product&limit=999", {}, 400],
      ["/api/search?q=product&cursor=s2.1", {}, 400],
      ["/api/search?q=product&q=other", {}, 400],
      ["/api/search?q=pr%C3%B6duct", {}, 200],
    ] as const) {
      const { lane, app, answeredByLane } = await both(target, headers);
      expect({ target, answeredByLane }).toEqual({ target, answeredByLane: false });
      expect(lane.status).toBe(status);
      if (status === 400) expect(comparable(lane)).toEqual(comparable(app));
    }
  });

  it("answers a search whose page has cards not held once it has read them, with the route's bytes", async () => {
    await server.deps.readModel!.search.whenBuilt();
    for (const [query, headers] of [
      ["q=product&limit=4&n=cold", {}],
      [`q=prduct&marketplaceId=${marketId}&n=cold-gzip`, { "accept-encoding": "gzip" }],
    ] as const) {
      server.deps.readModel!.searchCards.clear();
      // The lane is asked first (both()), so it reads the cards; the route then finds them held.
      await expectRouteBytesFromMemory(`/api/search?${query}`, headers);
    }
    // Some held, some not: the first page is held, the second is read.
    server.deps.readModel!.searchCards.clear();
    expect((await both("/api/search?q=product&limit=3&n=first")).answeredByLane).toBe(true);
    await expectRouteBytesFromMemory("/api/search?q=product&limit=6&n=wider", {});
  });

  it("hands a search to the app when reading its cards fails, and the app answers it", async () => {
    // A lane whose catalogue reads go to a database that refuses connections; the app's are fine.
    const unreachable = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: "postgres://127.0.0.1:9/none", connectionTimeoutMillis: 2000 }) }) });
    const app = getRequestListener(server.app.fetch);
    const broken = await listen(
      withFastLane({ ...server.deps, database: { ...server.deps.database, db: unreachable } }, laneAnswers, (incoming, response) => {
        reachedApp.push(incoming.url ?? "");
        void app(incoming, response);
      }),
    );
    try {
      await server.deps.readModel!.search.whenBuilt();
      server.deps.readModel!.searchCards.clear();
      reachedApp.length = 0;
      const path = "/api/search?q=product&limit=4&n=unreachable";
      const answer = await get(broken.base, path);
      expect(reachedApp).toEqual([path]);
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body.toString("utf8")) as SearchResult).items).toHaveLength(4);
    } finally {
      broken.server.close();
      await unreachable.destroy();
    }
  });

  it("counts the whole-word searches it answers for popular searches, as the route does", async () => {
    const searches = async () =>
      (await sql<{ searches: number }>`select searches from search_queries where term = 'product'`.execute(server.deps.database.db)).rows[0]?.searches ?? 0;
    await server.deps.searchLog.flush();
    const before = await searches();
    reachedApp.length = 0;
    for (const n of [1, 2, 3]) expect((await get(withLane.base, `/api/search?q=Product&n=count-${n}`)).status).toBe(200);
    expect(reachedApp).toEqual([]);
    // Typo and later pages are not counted.
    await get(withLane.base, "/api/search?q=prduct&n=count-typo");
    await get(withLane.base, "/api/search?q=product&limit=1&cursor=s1.1&n=count-page");
    await server.deps.searchLog.flush();
    expect(await searches()).toBe(before + 3);
  });

  it("leaves signed-in feed pages to the app, which answers them with the same items", async () => {
    const path = `/api/feed?marketplaceId=${marketId}&seed=signed-in&limit=4`;
    const { lane, app, answeredByLane } = await both(path, { cookie: user.cookie });
    expect(answeredByLane).toBe(false);
    expect(comparable(lane)).toEqual(comparable(app));
    const anonymous = JSON.parse((await get(withLane.base, path)).body.toString("utf8")) as FeedPage;
    expect(JSON.parse(lane.body.toString("utf8"))).toEqual(anonymous);
  });

  it("leaves feed targets it does not take as they are to the app: a bad seed, another path", async () => {
    for (const target of [
      `/api/feed?marketplaceId=${marketId}&seed=not%20a%20seed&limit=4`,
      `/api/feed/?marketplaceId=${marketId}&seed=trailing-slash&limit=4`,
      `/api/feeds?marketplaceId=${marketId}&seed=another-path&limit=4`,
    ]) {
      const { lane, app, answeredByLane } = await both(target);
      expect(answeredByLane, target).toBe(false);
      expect(comparable(lane)).toEqual(comparable(app));
    }
  });

  it("keeps a held product page's counters live: a like's notice patches it, and the lane answers the new count without the route", async () => {
    const path = `/api/products/${productIds[2]}`;
    const before = JSON.parse((await get(appOnly.base, path)).body.toString("utf8")) as ProductDetail;
    await expect.poll(async () => (await both(path)).answeredByLane, { timeout: 5000 }).toBe(true);
    const etagBefore = (await get(withLane.base, path)).headers.etag;
    const media = before.media[0]!;
    expect((await server.request(`/api/media/${media.id}/like`, { method: "PUT", headers: user.headers })).status).toBe(200);
    reachedApp.length = 0;
    const laneAnswer = async () => {
      const answer = await get(withLane.base, path);
      return { detail: JSON.parse(answer.body.toString("utf8")) as ProductDetail, etag: answer.headers.etag };
    };
    await expect.poll(async () => (await laneAnswer()).detail.media[0]!.likeCount, { timeout: 5000 }).toBe(media.likeCount + 1);
    const patched = await laneAnswer();
    // Every answer, before the notice and after it, came from the lane: the page was never dropped.
    expect(reachedApp).toEqual([]);
    expect(patched.etag).not.toBe(etagBefore);
    // Only the liked media's like count moved.
    expect(before.media).toHaveLength(2);
    expect(patched.detail).toEqual({ ...before, media: [{ ...media, likeCount: media.likeCount + 1 }, before.media[1]] });
    // The route answers from the public read cache, which may serve its copy up to fresh + stale
    // (5 s) after the like; once it has the new count, both send the same headers and bytes.
    await expect.poll(async () => (JSON.parse((await get(appOnly.base, path)).body.toString("utf8")) as ProductDetail).media[0]!.likeCount, { timeout: 8000 }).toBe(media.likeCount + 1);
    const { lane, app, answeredByLane } = await both(path);
    expect(answeredByLane).toBe(true);
    expect(comparable(lane)).toEqual(comparable(app));
    // A notice without counts (from a server that predates them, during a rolling deploy) drops the page; the route answers and holds it again.
    const countless = JSON.stringify({ topic: `counters:${media.id}`, kind: "update", ids: [media.id] });
    await sql`select pg_notify(${REALTIME_CHANNEL}, ${countless})`.execute(server.deps.database.db);
    // The lane alone: the public cache's copy answers until it is stale, and then only a request the
    // lane passes on would refresh it (the app's own server, asked in the same poll, could refresh it
    // first and hide the drop).
    await expect.poll(async () => (await throughLane(path)).answeredByLane, { timeout: 8000 }).toBe(false);
    await expect.poll(async () => (await both(path)).answeredByLane, { timeout: 5000 }).toBe(true);
  });

  it("drops a held product page with a catalogue write to that product", async () => {
    const path = `/api/products/${productIds[3]}`;
    await get(appOnly.base, path);
    await expect.poll(async () => (await both(path)).answeredByLane, { timeout: 5000 }).toBe(true);
    await sql`update products set title = ${"Renamed in the lane test"} where id = ${productIds[3]}`.execute(server.deps.database.db);
    const title = async () => (JSON.parse((await get(withLane.base, path)).body.toString("utf8")) as ProductDetail).title;
    await expect.poll(title, { timeout: 5000 }).toBe("Renamed in the lane test");
    const { lane, app } = await both(path);
    expect(comparable(lane)).toEqual(comparable(app));
    // A product no longer active is not answered from memory.
    await sql`update products set status = 'archived' where id = ${productIds[3]}`.execute(server.deps.database.db);
    await expect.poll(async () => (await get(withLane.base, path)).status, { timeout: 5000 }).toBe(404);
  });
});
