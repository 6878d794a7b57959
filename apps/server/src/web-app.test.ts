import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../../scripts/precompress.mjs";
import { listenWithFastLane, rawGet } from "./testing/lane-server.ts";
import { type TestServer, startTestServer } from "./testing/test-server.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
/** A script as the build writes one: long enough to be compressed (scripts/precompress.mjs). */
const script = Array.from({ length: 200 }, (_, index) => `export const value${index} = "${"abc".repeat(index % 7)}";`).join("\n");

describe("the web app's files (decision 197)", () => {
  let server: TestServer;
  let listening: Awaited<ReturnType<typeof listenWithFastLane>>;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-web-"));
    copyFileSync(path.resolve(here, "../../web/index.html"), path.join(webDir, "index.html"));
    mkdirSync(path.join(webDir, "assets"));
    writeFileSync(path.join(webDir, "assets", "entry-a1b2c3.js"), script);
    writeFileSync(path.join(webDir, "sw.js"), script);
    writeFileSync(path.join(webDir, "assets", "tiny-d4e5f6.js"), "export {};");
    expect(precompress(webDir)).toBe(2);
    server = await startTestServer({ STATIC_DIR: webDir });
    // On a socket, as main.ts serves: the headers a browser gets, and the bytes as sent.
    listening = await listenWithFastLane(server);
  });
  afterAll(async () => {
    await listening?.close();
    await server?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (file: string, acceptEncoding?: string) => rawGet(`${listening.base}${file}`, acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {});

  it("sends the build's brotli twin to a browser that accepts it, and keeps the file's own caching", async () => {
    const response = await get("/assets/entry-a1b2c3.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.body).toString()).toBe(script);

    const worker = await get("/sw.js", "gzip, br");
    expect(worker.headers["content-encoding"]).toBe("br");
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(worker.body).toString()).toBe(script);
  });

  it("sends the gzip twin where brotli is not accepted, and the file itself where nothing is", async () => {
    const gzipped = await get("/assets/entry-a1b2c3.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(script);

    const plain = await get("/assets/entry-a1b2c3.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("sends a file too small to compress as it is", async () => {
    const response = await get("/assets/tiny-d4e5f6.js", "br");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString()).toBe("export {};");
  });
});
