import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { createLogger } from "../../logger.ts";
import { bootstrap } from "../../server.ts";
import { createStorage } from "../../storage/create-storage.ts";
import { type FilledShop, fillShop, storedChecksums } from "../../testing/shop.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { sendControlRequest } from "../admin/control-client.ts";
import { type ControlSocket, startControlSocket } from "../admin/control-socket.ts";
import { backupShop, restoreCommand } from "./backup.cli.ts";
import { countRows } from "./shop-source.ts";

describe("npm run backup and npm run restore", () => {
  let server: TestServer;
  let control: ControlSocket;
  let shop: FilledShop;
  let workDir: string;
  let target: Database;
  // The restored shop's server closes the target database.
  let closed = false;
  const targetEnv = () => ({
    NODE_ENV: "test",
    DATA_DIR: path.join(workDir, "restored"),
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: "http://localhost:3000",
  });

  // A shop filled through the API, plus a second database, on a busy 2-core machine: a longer hook timeout.
  beforeAll(async () => {
    server = await startTestServer();
    shop = await fillShop(server);
    workDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-backup-"));
    // The running shop writes the backup itself when asked over its control socket, as `npm run backup` asks it.
    control = (await startControlSocket({ dataDir: server.dataDir, db: server.deps.database.db, logger: server.deps.logger, backup: (file) => backupShop(server.deps, file) }))!;
    target = await openTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await control?.close();
    await server?.close();
    if (!closed) await target?.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it("backs up a running shop and restores it into an empty database and storage, identical", async () => {
    const file = path.join(workDir, "shop.backup");
    const answer = await sendControlRequest(server.dataDir, { command: "backup", file });
    expect(answer).toMatchObject({ ok: true, file, files: 4 });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const config = loadConfig(targetEnv());
    expect(await restoreCommand([file], { config, logger: createLogger(config), database: target })).toBe(0);

    const sourceCounts = await countRows(server.deps.database.pool);
    expect(sourceCounts.orders).toBe(1);
    expect(sourceCounts.video_comments).toBe(1);
    expect(await countRows(target.pool)).toEqual(sourceCounts);
    expect(await storedChecksums(createStorage(config))).toEqual(await storedChecksums(server.deps.storage));
  });

  it("refuses to restore into a shop that has data", async () => {
    const before = await countRows(target.pool);
    const config = loadConfig(targetEnv());
    expect(await restoreCommand([path.join(workDir, "shop.backup")], { config, logger: createLogger(config), database: target })).toBe(1);
    expect(await countRows(target.pool)).toEqual(before);
  });

  it("serves the restored shop: the shopper's session, cart, order and media", async () => {
    const config = loadConfig(targetEnv());
    const restored = await bootstrap(config, createLogger(config), { database: target });
    const get = (target: string) => restored.app.request(target, { headers: { ...shop.shopper.headers, origin: config.publicUrl } });
    const me = await get("/api/me");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(shop.shopper.id);
    const cart = (await (await get("/api/cart")).json()) as { items: { productId: string }[] };
    expect(cart.items.map((item) => item.productId)).toEqual([shop.cartProductId]);
    const orders = (await (await get("/api/orders")).json()) as { items: { id: string }[] };
    expect(orders.items.map((order) => order.id)).toEqual([shop.orderId]);
    const product = (await (await get(`/api/products/${shop.productId}`)).json()) as { media: { id: string; url: string }[] };
    const video = product.media.find((media) => media.id === shop.mediaId)!;
    const original = await server.request(video.url);
    const copy = await restored.app.request(video.url);
    expect(copy.status).toBe(200);
    expect(Buffer.from(await copy.arrayBuffer())).toEqual(Buffer.from(await original.arrayBuffer()));
    await restored.close();
    closed = true;
  });

});
