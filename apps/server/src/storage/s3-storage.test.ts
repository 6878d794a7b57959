import { type Server, createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createServer as createTcpServer } from "node:net";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../testing/s3-test-server.ts";
import { createMediaRoutes } from "./media-routes.ts";
import { type S3Storage, createS3Storage } from "./s3-storage.ts";
import { StorageUnavailableError, isStorageUnavailable } from "./storage.ts";

let s3: S3TestServer;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startS3TestServer();
  storage = createS3Storage(s3.settings);
  await storage.ensureBuckets();
  await storage.ensureBuckets(); // idempotent
});
afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
});

describe("S3 storage driver (s3rver through @aws-sdk/client-s3)", () => {
  it("puts, heads, reads ranges and deletes objects", async () => {
    await storage.put("product-media", "products/p1/a.txt", Buffer.from("hello range world"), { contentType: "text/plain" });
    const info = await storage.head("product-media", "products/p1/a.txt");
    expect(info).toMatchObject({ size: 17, contentType: "text/plain" });
    expect(info!.etag).toMatch(/^".+"$/);
    expect(await text(await storage.read("product-media", "products/p1/a.txt"))).toBe("hello range world");
    expect(await text(await storage.read("product-media", "products/p1/a.txt", { start: 6, end: 10 }))).toBe("range");
    await storage.delete("product-media", "products/p1/a.txt");
    expect(await storage.head("product-media", "products/p1/a.txt")).toBeNull();
    expect(await storage.head("product-media", "../escape")).toBeNull();
  });

  it("uploads a stream larger than one part as a multipart upload", async () => {
    const size = 9 * 1024 * 1024 + 123;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = function* () {
      let left = size;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        yield chunk.subarray(0, n);
      }
    };
    await storage.put("uploads", "big/source", Readable.from(chunks()), { contentType: "application/octet-stream" });
    expect((await storage.head("uploads", "big/source"))?.size).toBe(size);
    await storage.delete("uploads", "big/source");
  });

  it("serves through /media with Range, ETag and 304 as the local driver does", async () => {
    await storage.put("product-media", "products/p2/v.mp4", Buffer.from("0123456789"), { contentType: "video/mp4" });
    const routes = new Hono().route("/media", createMediaRoutes(storage));
    const whole = await routes.request("/media/product-media/products/p2/v.mp4");
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toContain("immutable");
    const partial = await routes.request("/media/product-media/products/p2/v.mp4", { headers: { range: "bytes=2-5" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("bytes 2-5/10");
    expect(await partial.text()).toBe("2345");
    const etag = whole.headers.get("etag")!;
    expect((await routes.request("/media/product-media/products/p2/v.mp4", { headers: { "if-none-match": etag } })).status).toBe(304);
    // The private uploads bucket is never served.
    await storage.put("uploads", "x/source", Buffer.from("secret"), { contentType: "application/octet-stream" });
    expect((await routes.request("/media/uploads/x/source")).status).toBe(404);
  });

  it("points the browser at the CDN when a public base URL is set", () => {
    const cdn = createS3Storage({ ...s3.settings, publicBaseUrl: "https://cdn.example.test/" });
    expect(cdn.publicUrl("product-media", "products/p/x.mp4")).toBe(`https://cdn.example.test/${s3.settings.bucketPrefix}product-media/products/p/x.mp4`);
    expect(storage.publicUrl("product-media", "products/p/x.mp4")).toBe("/media/product-media/products/p/x.mp4");
    cdn.client.destroy();
  });
});

describe("S3 storage that is away (decision 222)", () => {
  async function listening(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const storageAt = (endpoint: string) => createS3Storage({ ...s3.settings, endpoint });

  it("a store that takes connections and never answers fails within seconds, as StorageUnavailableError", { timeout: 30_000 }, async () => {
    const sockets = new Set<Socket>();
    const hole = createTcpServer((socket) => sockets.add(socket));
    const away = storageAt(await listening(hole));
    const started = performance.now();
    const error = await away.head("product-media", "products/p/x.mp4").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    // Three attempts of 3 s and the backoff between them: seconds, not the minutes of an unbounded wait.
    expect(performance.now() - started).toBeLessThan(12_000);
    away.client.destroy();
    for (const socket of sockets) socket.destroy();
    hole.close();
  });

  it("5xx answers (S3's SlowDown, a proxy's 502) are the store being away; a 403 is a setting to fix, not an outage", async () => {
    let status = 503;
    const store = createServer((_request, response) => {
      response.writeHead(status, { "content-type": "application/xml" });
      response.end(status === 503 ? "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>" : "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>");
    });
    const away = storageAt(await listening(store));
    await expect(away.read("product-media", "products/p/x.mp4")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(away.put("product-media", "products/p/x.mp4", Buffer.from("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(StorageUnavailableError);
    status = 403;
    const refused = await away.delete("product-media", "products/p/x.mp4").catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(Error);
    expect(isStorageUnavailable(refused)).toBe(false);
    away.client.destroy();
    store.close();
  });
});
