import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import type { AdminProduct } from "@reelmart/core/api/admin";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { type Server, bootstrap } from "../server.ts";
import { eventually } from "../testing/eventually.ts";
import { type MediaRow, createMedia } from "../testing/fixtures.ts";
import { listenWithFastLane } from "../testing/lane-server.ts";
import { type OwnerShop, createOwnerProduct, openOwnerShop, saveOwnerProduct } from "../testing/owner-shop.ts";
import { type S3TestServer, startS3TestServer } from "../testing/s3-test-server.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { type TestServer, startTestServer, testConfig } from "../testing/test-server.ts";
import { type TestUser, signUpMany } from "../testing/users.ts";
import type { Database } from "./database.ts";

// The fault suite (`npm run test:faults`, which `npm test` runs after every other suite: it
// restarts the machine's PostgreSQL). Three instances of the store on one PostgreSQL database,
// each with its read model on and behind the fast lane on a socket of its own, under mixed traffic
// from 50 connections: PostgreSQL is restarted twice (as maintenance or a failover does), the S3
// store (s3rver) is stopped for 8 s, then every instance's listening connection is cut while the
// owner changes prices and stock. Afterwards:
// no 500 anywhere, no acknowledged write missing, every product answer of every instance equal to
// the database's, every instance ready again within seconds (decision 221).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLUSTER_VERSION = readdirSync("/etc/postgresql")[0];

function restartPostgres(): void {
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", CLUSTER_VERSION!, "main", "restart", "-m", "fast"], { stdio: "ignore" });
}

describe("PostgreSQL restarted twice, S3 stopped and every listener cut, under traffic on three instances", () => {
  let direct: Database;
  let first: TestServer;
  const others: Server[] = [];
  const lanes: Awaited<ReturnType<typeof listenWithFastLane>>[] = [];
  let shop: OwnerShop;
  let shoppers: TestUser[];
  let s3: S3TestServer;
  /** What the owner's instance logged at error level: an unhandled error's cause, when a 500 is found. */
  const errorLines: string[] = [];

  beforeAll(async () => {
    direct = await openTestDatabase({ migrated: true });
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(direct.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    s3 = await startS3TestServer({ anyPort: true });
    const env = { ...s3.env, NODE_ENV: "development", DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: "10", LOG_LEVEL: "error" };
    first = await startTestServer(env, { logTo: { write: (line: string) => errorLines.push(line) } });
    for (let i = 0; i < 2; i++) {
      const config = testConfig({ ...env, DATA_DIR: first.dataDir });
      others.push(await bootstrap(config, createLogger(config)));
    }
    for (const server of [first, ...others]) lanes.push(await listenWithFastLane(server as TestServer));
    shop = await openOwnerShop(first, lanes[0]!.base);
    shoppers = await signUpMany(first, 50);
  }, 180_000);

  afterAll(async () => {
    for (const lane of lanes) await lane.close();
    for (const server of others) await server.close();
    await first?.close();
    await direct?.close();
    await s3?.close();
  });

  it("loses no acknowledged write, answers no 500, and every instance serves the database's answers afterwards", { timeout: 240_000 }, async () => {
    const products: { product: AdminProduct; video: MediaRow }[] = [];
    for (const [index, title] of ["Brass bottle opener", "Teak cutting board", "Stoneware mug", "Cotton tea towel"].entries()) {
      const product = await createOwnerProduct(shop, { title, price: `${300 + index * 50}.00`, stock: 40 });
      const video = await createMedia(first.deps.database.db, product.id, { type: "video", status: "ready" });
      products.push({ product, video });
    }
    // A file the shop serves from S3, read by the traffic as a browser reads a poster.
    const mediaKey = `fault-suite/poster-${Date.now()}.jpg`;
    await first.deps.storage.put("product-media", mediaKey, Buffer.alloc(20_000, 7), { contentType: "image/jpeg" });

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const acknowledged = new Map<string, boolean>();
    let slowest = 0;
    let running = true;
    const shopper = async (user: TestUser, index: number) => {
      const base = lanes[index % lanes.length]!.base;
      const { product, video } = products[index % products.length]!;
      for (let turn = 0; running; turn++) {
        const like = turn % 2 === 0;
        const calls: [string, RequestInit][] = [
          [`/api/media/${video.id}/like`, { method: like ? "PUT" : "DELETE", headers: { ...user.headers, origin: first.deps.config.publicUrl } }],
          [`/api/products/${product.id}`, {}],
          [`/api/feed?marketplaceId=${shop.marketplaceId}&seed=fault${index % 5}&limit=10`, {}],
          [`/api/search?q=${encodeURIComponent(product.title.split(" ")[0]!)}`, {}],
          [`/media/product-media/${mediaKey}`, {}],
        ];
        for (const [path, init] of calls) {
          const started = performance.now();
          try {
            const response = await fetch(`${base}${path}`, init);
            await response.arrayBuffer();
            slowest = Math.max(slowest, performance.now() - started);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status !== 200 && response.status !== 503) failures.push(`${response.status} ${path}`);
            if (response.status === 503 && response.headers.get("retry-after") !== "5") failures.push(`503 without Retry-After: ${path}`);
            if (response.status === 200 && path.endsWith("/like")) acknowledged.set(`${user.id} ${video.id}`, like);
          } catch (error) {
            failures.push(`no answer to ${path}: ${(error as Error).message}`);
          }
        }
        await sleep(10);
      }
    };
    const traffic = Promise.all(shoppers.map(shopper));

    await sleep(3000);
    restartPostgres();
    await sleep(5000);
    restartPostgres();
    await sleep(5000);
    await s3.stop();
    await sleep(8000);
    await s3.restart();
    await sleep(2000);

    // Every instance's listening connection is cut, and the owner changes prices and stock before
    // any has listened again (terminating is instant; listening again waits at least 100 ms).
    const listeners = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`.execute(direct.db);
    expect(listeners.rows.length).toBe(3);
    for (const { pid } of listeners.rows) await sql`select pg_terminate_backend(${pid})`.execute(direct.db);
    const changed = await Promise.all(
      products.map(({ product }, index) =>
        saveOwnerProduct(shop, product.id, { price: `${700 + index * 11}.00`, stock: 5 + index }).catch((error: unknown) => {
          failures.push(`admin save: ${(error as Error).message}`);
        }),
      ),
    );
    expect(changed).toHaveLength(products.length);
    await sleep(4000);
    running = false;
    await traffic;

    expect({ failures: [...new Set(failures)], errors: errorLines.map((line) => line.slice(0, 2000)) }).toEqual({ failures: [], errors: [] });
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(1000);
    expect(slowest).toBeLessThan(6000);

    for (const lane of lanes) await eventually(async () => (await fetch(`${lane.base}/api/ready`)).status === 200, `${lane.base} never became ready`, 10_000);

    // Every acknowledged like is the database's state, and the counts agree with the rows.
    const likes = await direct.db.selectFrom("video_likes").select(["user_id", "media_id"]).execute();
    const present = new Set(likes.map((row) => `${row.user_id} ${row.media_id}`));
    const wrong = [...acknowledged].filter(([key, liked]) => present.has(key) !== liked);
    expect(wrong).toEqual([]);
    for (const { video } of products) {
      const { like_count } = await direct.db.selectFrom("product_media").select("like_count").where("id", "=", video.id).executeTakeFirstOrThrow();
      expect(like_count).toBe(likes.filter((row) => row.media_id === video.id).length);
    }

    // Every instance answers each product as the database has it now.
    for (const { product } of products) {
      const truth = await direct.db.selectFrom("products").select(["price", "stock"]).where("id", "=", product.id).executeTakeFirstOrThrow();
      for (const lane of lanes) {
        await eventually(
          async () => {
            const detail = (await (await fetch(`${lane.base}/api/products/${product.id}`)).json()) as ProductDetail;
            return detail.price === truth.price && detail.stock === truth.stock;
          },
          `${lane.base} still answers ${product.title} as it was`,
          5000,
        );
      }
    }
  });
});
