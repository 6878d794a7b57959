import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../testing/fixtures.ts";
import { type S3TestServer, startS3TestServer } from "../testing/s3-test-server.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";
import { STORAGE_UNAVAILABLE_MESSAGE } from "./storage.ts";

// Issue 41: "stop the S3 store for 30 s ... no 500 anywhere". The store here is s3rver, stopped
// (connections refused, objects kept) and started again on the same port, as an operator's would be.
describe("S3 store stopped and started again", () => {
  let s3: S3TestServer;
  let server: TestServer;
  let admin: TestUser;
  let productId: string;
  let image: Buffer;

  beforeAll(async () => {
    s3 = await startS3TestServer({ anyPort: true });
    server = await startTestServer(s3.env);
    admin = await signUpUser(server, { admin: true });
    productId = (await createProduct(server.deps.database.db)).id;
    // Noise does not compress: a PNG of some 100 KB, sent in two PATCHes.
    image = await sharp(randomBytes(180 * 180 * 3), { raw: { width: 180, height: 180, channels: 3 } }).png().toBuffer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  const tus = (target: string, init: RequestInit & { headers?: Record<string, string> }) =>
    server.request(target, { ...init, headers: { cookie: admin.cookie, "tus-resumable": "1.0.0", ...init.headers } });
  const patch = (location: string, offset: number, bytes: Buffer) =>
    tus(location, { method: "PATCH", body: bytes, headers: { "content-type": "application/offset+octet-stream", "upload-offset": String(offset) } });

  async function expectUnavailable(response: Response, { withBody = true } = {}) {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    if (withBody) expect(await response.json()).toEqual({ error: { code: "service_unavailable", message: STORAGE_UNAVAILABLE_MESSAGE } });
  }

  it("a tus PATCH is refused with a retryable 503, the finished part stays, and the upload resumes when the store is back", async () => {
    const b64 = (value: string) => Buffer.from(value).toString("base64");
    const created = await tus("/api/uploads", {
      method: "POST",
      headers: { "upload-length": String(image.length), "upload-metadata": `purpose ${b64("product-image")},productId ${b64(productId)}` },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location")!, "http://localhost").pathname;
    const half = Math.floor(image.length / 2);
    expect((await patch(location, 0, image.subarray(0, half))).headers.get("upload-offset")).toBe(String(half));

    await s3.stop();
    const started = performance.now();
    await expectUnavailable(await patch(location, half, image.subarray(half)));
    expect(performance.now() - started).toBeLessThan(10_000);
    // The finished part is still counted: HEAD reads the offset from the database, not the store.
    const head = await tus(location, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(half));

    await s3.restart();
    const finished = await patch(location, half, image.subarray(half));
    expect(finished.status).toBe(200);
    const uploadId = location.split("/").pop()!;
    // The original kept for processing is the whole file, byte for byte: no part lost or doubled.
    const chunks: Buffer[] = [];
    for await (const chunk of await server.deps.storage.read("uploads", `${uploadId}/source`)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(image)).toBe(true);
  });

  it("avatar uploads and media reads answer 503 with Retry-After while the catalogue still answers, and all work again after", async () => {
    const form = () => {
      const body = new FormData();
      body.set("file", new Blob([image], { type: "image/png" }), "me.png");
      return body;
    };
    const uploaded = await server.json<{ avatarUrl: string }>("/api/me/avatar", { method: "POST", body: form(), headers: admin.headers });
    expect(uploaded.status).toBe(200);
    const avatarUrl = uploaded.body.avatarUrl;
    expect((await server.request(avatarUrl)).status).toBe(200);

    await s3.stop();
    await expectUnavailable(await server.request("/api/me/avatar", { method: "POST", body: form(), headers: admin.headers }));
    await expectUnavailable(await server.request(avatarUrl));
    await expectUnavailable(await server.request(avatarUrl, { method: "HEAD" }), { withBody: false });
    // What shoppers browse comes from the database: the store's absence does not touch it.
    for (const path of [`/api/products/${productId}`, "/api/products", "/api/feed"]) {
      expect((await server.request(path)).status, path).toBe(200);
    }

    await s3.restart();
    expect((await server.request(avatarUrl)).status).toBe(200);
    expect((await server.request("/api/me/avatar", { method: "POST", body: form(), headers: admin.headers })).status).toBe(200);
  });
});
