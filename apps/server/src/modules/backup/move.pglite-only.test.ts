import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import { createLogger } from "../../logger.ts";
import { createS3Storage } from "../../storage/s3-storage.ts";
import { type S3TestServer, startS3TestServer } from "../../testing/s3-test-server.ts";
import { type FilledShop, fillShop, storedChecksums } from "../../testing/shop.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { moveCommand } from "./backup.cli.ts";
import { loadShop } from "./load-shop.ts";
import { countRows, liveSource } from "./shop-source.ts";
import { buildAuthOptions } from "../auth/auth-options.ts";
import { createStorage } from "../../storage/create-storage.ts";

// The source of a move is always the embedded database, so this file runs once (in the PGlite
// project); its target is a database of its own on the test PostgreSQL server (vitest.config.ts).
const POSTGRES_ADMIN_URL = process.env.MOVE_TARGET_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const CDN = "https://cdn.example.test/shop";

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

describe("npm run move: an embedded shop to PostgreSQL and S3", () => {
  const name = `reelmart_move_${randomBytes(5).toString("hex")}`;
  const targetUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${name}` }).toString();
  let dataDir: string;
  let s3: S3TestServer;
  let shop: FilledShop;
  let sourceCounts: Record<string, number>;
  let sourceFiles: Record<string, string>;
  let moved: TestServer | undefined;
  const sourceEnv = () => ({ DATA_DIR: dataDir, ...s3.env, STORAGE_DRIVER: "local", S3_PUBLIC_URL: CDN });
  const move = async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...sourceEnv() });
    const database = await openDatabase({ dataDir });
    try {
      return await moveCommand(["--to-database", targetUrl, "--to-storage", "s3"], { config, logger: createLogger(config), database });
    } finally {
      await database.close();
    }
  };

  // A shop filled through the API, plus a second database, on a busy 2-core machine: a longer hook timeout.
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-move-"));
    s3 = await startS3TestServer();
    const source = await startTestServer({ DATA_DIR: dataDir });
    shop = await fillShop(source);
    sourceCounts = await countRows(source.deps.database.pool);
    sourceFiles = await storedChecksums(source.deps.storage);
    await source.close();
    await adminQuery(`create database ${name}`);
    // `--to-storage s3` reads the S3_* settings from the environment, as the CLI does.
    for (const [key, value] of Object.entries(sourceEnv())) vi.stubEnv(key, value);
  }, 180_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await moved?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes after an interruption, then verifies every row count and checksum", async () => {
    // A first attempt dies after the files and the first rows: the database transaction rolls back.
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...sourceEnv() });
    const source = await openDatabase({ dataDir });
    const target = await openDatabase({ databaseUrl: targetUrl, dataDir });
    try {
      const live = await liveSource(source, createStorage(config));
      const interrupted = {
        ...live,
        async *data() {
          let chunks = 0;
          for await (const record of live.data()) {
            if (++chunks > 3) throw new Error("power cut");
            yield record;
          }
        },
      };
      const storage = createS3Storage({ ...s3.settings, publicBaseUrl: CDN });
      const authOptions = buildAuthOptions({ config, database: target, secret: config.authSecret! });
      await expect(loadShop(interrupted, { database: target, storage, authOptions }, () => {})).rejects.toThrow("power cut");
      expect(Object.values(await countRows(target.pool)).every((rows) => rows === 0)).toBe(true);
    } finally {
      await source.close();
      await target.close();
    }

    expect(await move()).toBe(0);
    const target2 = await openDatabase({ databaseUrl: targetUrl, dataDir });
    try {
      expect(await countRows(target2.pool)).toEqual(sourceCounts);
    } finally {
      await target2.close();
    }
    expect(await storedChecksums(createS3Storage(s3.settings))).toEqual(sourceFiles);
  });

  it("refuses a target that is not empty", async () => {
    expect(await move()).toBe(1);
  });

  it("starts on PostgreSQL and S3 with the same shoppers, sessions, products, media, comments, carts and orders", async () => {
    moved = await startTestServer({ DATABASE_URL: targetUrl, DATA_DIR: dataDir, ...s3.env, S3_PUBLIC_URL: CDN });
    const get = async <T>(target: string) => {
      const response = await moved!.request(target, { headers: shop.shopper.headers });
      expect(response.status, target).toBe(200);
      return (await response.json()) as T;
    };
    expect((await get<{ id: string }>("/api/me")).id).toBe(shop.shopper.id);
    expect((await get<{ items: { productId: string }[] }>("/api/cart")).items.map((item) => item.productId)).toEqual([shop.cartProductId]);
    expect((await get<{ items: { id: string }[] }>("/api/orders")).items.map((order) => order.id)).toEqual([shop.orderId]);
    const comments = await get<{ items: { comment: string }[] }>(`/api/media/${shop.mediaId}/comments`);
    expect(comments.items.map((comment) => comment.comment)).toEqual(["Lovely glow"]);
    const product = await get<{ media: { id: string; url: string; thumbnailUrl: string | null }[] }>(`/api/products/${shop.productId}`);
    const video = product.media.find((media) => media.id === shop.mediaId)!;
    // The stored URLs now name the CDN in front of the bucket, and the bytes are there.
    const key = `products/${shop.productId}/720.mp4`;
    expect(video.url).toBe(`${CDN}/${s3.settings.bucketPrefix}product-media/${key}`);
    expect(video.thumbnailUrl).toBe(`${CDN}/${s3.settings.bucketPrefix}product-media/products/${shop.productId}/poster.webp`);
    expect((await createS3Storage(s3.settings).head("product-media", key))?.size).toBe(300_000);
  });
});
