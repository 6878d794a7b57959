import { execFile } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createProduct } from "../../testing/fixtures.ts";
import { type ListeningApp, listenInTestRange, makeTestVideo, truncateCopy } from "../../testing/media-sources.ts";
import { tusUpload } from "../../testing/tus-upload.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { createMediaContext, mediaJobKinds } from "../media/media-jobs.ts";
import { drainJobs } from "../media/queue.ts";
import { topLevelBoxes } from "../media/mp4-boxes.test-helper.ts";

const run = promisify(execFile);
const logger = createLogger({ logLevel: "silent" });

async function ffprobe(file: string) {
  const { stdout } = await run("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]);
  return JSON.parse(stdout) as { streams: Array<{ codec_type: string; codec_name: string; profile?: string; width?: number; height?: number; side_data_list?: unknown[] }>; format: { duration: string } };
}

describe("resumable uploads (tus) and processing", () => {
  let server: TestServer;
  let http: ListeningApp;
  let admin: TestUser;
  let shopper: TestUser;
  let productId: string;
  let dir: string;
  let portrait: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ UPLOAD_MAX_VIDEO_MB: "2", UPLOAD_MAX_IMAGE_MB: "1" });
    http = await listenInTestRange(server.app);
    admin = await signUpUser(server, { admin: true });
    shopper = await signUpUser(server);
    productId = (await createProduct(server.deps.database.db)).id;
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-upload-test-"));
    // A phone clip: 640x360 stored with a 90° rotation, played as 360x640 portrait.
    portrait = readFileSync(await makeTestVideo(dir, "portrait.mp4", { width: 640, height: 360, seconds: 1.5, rotate: 90 }));
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const db = () => server.deps.database.db;

  async function storedFile(url: string): Promise<string> {
    const key = url.replace("/media/product-media/", "");
    const file = path.join(dir, key.replace(/\//g, "_"));
    await pipeline(await server.deps.storage.read("product-media", key), createWriteStream(file));
    return file;
  }

  it("uploads in several PATCHes, keeps the row 'processing', then encodes real renditions and marks it ready", { timeout: 120_000 }, async () => {
    const outcome = await tusUpload(http.url, admin, portrait, { purpose: "product-video", productId, filename: "IMG_0001.MOV", title: "Phone clip" }, { chunkSize: 64 * 1024 });
    expect(outcome.status).toBe(200);
    const { mediaId } = JSON.parse(outcome.body) as { mediaId: string };
    const row = await db().selectFrom("product_media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "processing", type: "video", title: "Phone clip" });
    // Not shown to shoppers while processing.
    const before = await server.json<{ media?: Array<{ id: string }> }>(`/api/products/${productId}`);
    expect(JSON.stringify(before.body)).not.toContain(mediaId);

    await drainJobs(db(), mediaJobKinds(createMediaContext(server.deps)), logger);
    const ready = await db().selectFrom("product_media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(ready.status).toBe("ready");
    expect(ready.url).toContain("/optimized-");
    expect(ready.thumbnail_url).toBe(ready.url.replace(/\.mp4$/, "-thumbnail.jpg"));
    expect(ready.url).not.toContain("IMG_0001");
    expect(Number(ready.duration)).toBeCloseTo(1.5, 0);
    const renditions = await db().selectFrom("media_renditions").selectAll().where("media_id", "=", mediaId).orderBy("height", "desc").execute();
    // 360x640 portrait: 240p only (never upscaled), kept vertical.
    expect(renditions.map((r) => `${r.width}x${r.height}`)).toEqual(["240x426"]);
    const file = await storedFile(renditions[0]!.url);
    const probe = await ffprobe(file);
    const video = probe.streams.find((s) => s.codec_type === "video")!;
    expect(video).toMatchObject({ codec_name: "h264", profile: "High", width: 240, height: 426 });
    expect(video.side_data_list ?? []).toEqual([]);
    expect(probe.streams.find((s) => s.codec_type === "audio")?.codec_name).toBe("aac");
    const boxes = (await topLevelBoxes(file)).map((box) => box.type);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    expect(await server.deps.storage.head("product-media", ready.thumbnail_url!.replace("/media/product-media/", ""))).toMatchObject({ contentType: "image/jpeg" });
    // The original and its parts are gone once the renditions exist.
    const upload = await db().selectFrom("media_uploads").selectAll().where("id", "=", outcome.url!.split("/").pop()!).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ status: "complete", parts: [] });
    expect(await server.deps.storage.head("uploads", `${upload.id}/source`)).toBeNull();
    const after = await server.json(`/api/products/${productId}`);
    expect(JSON.stringify(after.body)).toContain(mediaId);
  });

  it("resumes after the connection drops: the bytes already received stay, the rest follows", { timeout: 60_000 }, async () => {
    const aborted = await new Promise<string>((resolve) => {
      const upload: tus.Upload = new tus.Upload(portrait, {
        endpoint: `${http.url}/api/uploads`,
        headers: { cookie: admin.cookie },
        metadata: { purpose: "product-video", productId },
        chunkSize: 32 * 1024,
        retryDelays: [],
        onChunkComplete: (_chunk, accepted) => {
          if (accepted >= 64 * 1024) {
            void upload.abort().then(() => resolve(upload.url!));
          }
        },
      });
      upload.start();
    });
    const id = aborted.split("/").pop()!;
    const partial = await db().selectFrom("media_uploads").select(["upload_offset", "size"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(partial.upload_offset)).toBeGreaterThanOrEqual(64 * 1024);
    expect(Number(partial.upload_offset)).toBeLessThan(portrait.length);

    const head = await fetch(aborted.startsWith("http") ? aborted : `${http.url}${aborted}`, { method: "HEAD", headers: { cookie: admin.cookie, "tus-resumable": "1.0.0" } });
    expect(head.headers.get("upload-offset")).toBe(String(partial.upload_offset));

    const resumed = await tusUpload(http.url, admin, portrait, { purpose: "product-video", productId }, { uploadUrl: aborted.startsWith("http") ? aborted : `${http.url}${aborted}`, chunkSize: 256 * 1024 });
    expect(resumed.status).toBe(200);
    const { mediaId } = JSON.parse(resumed.body) as { mediaId: string };
    const upload = await db().selectFrom("media_uploads").select(["upload_offset", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ status: "complete" });
    expect(Number(upload.upload_offset)).toBe(portrait.length);
    // The joined original is byte for byte the file that was sent.
    const sourceChunks: Buffer[] = [];
    for await (const chunk of await server.deps.storage.read("uploads", `${id}/source`)) sourceChunks.push(chunk as Buffer);
    expect(Buffer.concat(sourceChunks).equals(portrait)).toBe(true);
    expect(mediaId).toBeTruthy();
  });

  it("refuses a file over the limit with 413 from Upload-Length, before any byte is stored", async () => {
    const response = await fetch(`${http.url}/api/uploads`, {
      method: "POST",
      headers: {
        cookie: admin.cookie,
        "tus-resumable": "1.0.0",
        "upload-length": String(600 * 1024 * 1024),
        "upload-metadata": `purpose ${Buffer.from("product-video").toString("base64")},productId ${Buffer.from(productId).toString("base64")}`,
      },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "payload_too_large", message: "Videos can be at most 2 MB" });
    const image = await tusUpload(http.url, admin, Buffer.alloc(2 * 1024 * 1024), { purpose: "product-image", productId });
    expect(image.status).toBe(413);
  });

  it("refuses a PDF named .mp4 with 415 and a cut-short MP4 with 422, leaving nothing stored", { timeout: 60_000 }, async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1"), Buffer.alloc(40_000, 32)]);
    const refused = await tusUpload(http.url, admin, pdf, { purpose: "product-video", productId, filename: "clip.mp4", filetype: "video/mp4" });
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "unsupported_media_type", message: "This file is not a video (MP4, MOV or WebM)" } });

    const whole = await makeTestVideo(dir, "whole.mp4", { width: 320, height: 568, seconds: 2, faststart: true });
    const cut = readFileSync(await truncateCopy(whole, path.join(dir, "cut.mp4"), 0.6));
    const broken = await tusUpload(http.url, admin, cut, { purpose: "product-video", productId });
    expect(broken.status).toBe(422);
    expect(JSON.parse(broken.body)).toMatchObject({ error: { code: "unprocessable_media" } });

    const imageAsVideo = await tusUpload(http.url, admin, portrait, { purpose: "product-image", productId });
    expect(imageAsVideo.status).toBe(415);

    const left = await db().selectFrom("media_uploads").select("id").where("status", "=", "uploading").execute();
    for (const { id } of left) expect([refused.url, broken.url, imageAsVideo.url].some((url) => url?.endsWith(id))).toBe(false);
    for (const url of [refused.url, broken.url, imageAsVideo.url]) {
      const id = url!.split("/").pop()!;
      expect(await server.deps.storage.head("uploads", `${id}/part-000000000000`)).toBeNull();
      expect(await server.deps.storage.head("uploads", `${id}/source`)).toBeNull();
    }
  });

  it("answers 401 anonymous, 403 to a shopper uploading product media, 404 for another user's upload", async () => {
    const anonymous = await fetch(`${http.url}/api/uploads`, { method: "POST", headers: { "tus-resumable": "1.0.0", "upload-length": "10" } });
    expect(anonymous.status).toBe(401);
    // tus's own plain-text refusals come in the API's error shape too.
    const noVersion = await fetch(`${http.url}/api/uploads`, { method: "POST", headers: { cookie: admin.cookie, "upload-length": "10" } });
    expect(noVersion.status).toBe(412);
    expect(((await noVersion.json()) as { error: { code: string } }).error.code).toBe("bad_request");
    const shopperTry = await tusUpload(http.url, shopper, portrait, { purpose: "product-video", productId });
    expect(shopperTry.status).toBe(403);
    const notCarted = await tusUpload(http.url, shopper, portrait, { purpose: "submission", productId });
    expect(notCarted.status).toBe(403);

    const started = await fetch(`${http.url}/api/uploads`, {
      method: "POST",
      headers: {
        cookie: admin.cookie,
        "tus-resumable": "1.0.0",
        "upload-length": "100",
        "upload-metadata": `purpose ${Buffer.from("product-image").toString("base64")},productId ${Buffer.from(productId).toString("base64")}`,
      },
    });
    expect(started.status).toBe(201);
    const location = new URL(started.headers.get("location")!, http.url).toString();
    const others = await fetch(location, { method: "HEAD", headers: { cookie: shopper.cookie, "tus-resumable": "1.0.0" } });
    expect(others.status).toBe(404);
    const othersDelete = await fetch(location, { method: "DELETE", headers: { cookie: shopper.cookie, "tus-resumable": "1.0.0" } });
    expect(othersDelete.status).toBe(404);
    const patch = await fetch(location, {
      method: "PATCH",
      headers: { cookie: shopper.cookie, "tus-resumable": "1.0.0", "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: Buffer.alloc(100),
    });
    expect(patch.status).toBe(404);
    const mine = await fetch(location, { method: "HEAD", headers: { cookie: admin.cookie, "tus-resumable": "1.0.0" } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("upload-offset")).toBe("0");
  });

  it("is described in /api/openapi.json: creation, HEAD, PATCH, DELETE with Upload-Metadata and the refusals", async () => {
    type Operation = { security?: unknown[]; description?: string; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> };
    const { body } = await server.json<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json");
    const create = body.paths["/api/uploads"]?.post;
    const one = body.paths["/api/uploads/{id}"] ?? {};
    expect(Object.keys(one).sort()).toEqual(["delete", "head", "patch"]);
    expect(create?.security).toEqual([{ session: [] }]);
    expect(create?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(["header:Tus-Resumable", "header:Upload-Length", "header:Upload-Metadata"]);
    for (const key of ["purpose", "productId", "brandId", "marketplaceId", "title", "category"]) expect(create?.description).toContain(`\`${key}\``);
    expect(Object.keys(create!.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "404", "413"]));
    expect(Object.keys(one.patch!.responses)).toEqual(expect.arrayContaining(["200", "204", "404", "409", "410", "413", "415", "422"]));
    expect(one.patch!.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["Tus-Resumable", "Upload-Offset", "id"]));
    expect(Object.keys(one.head!.responses)).toEqual(expect.arrayContaining(["200", "404", "410"]));
    expect(Object.keys(one.delete!.responses)).toEqual(expect.arrayContaining(["204", "404"]));
  });

  it("removes incomplete uploads past their expiry with their parts", async () => {
    const outcome = await new Promise<string>((resolve) => {
      const upload: tus.Upload = new tus.Upload(portrait, {
        endpoint: `${http.url}/api/uploads`,
        headers: { cookie: admin.cookie },
        metadata: { purpose: "product-video", productId },
        chunkSize: 32 * 1024,
        retryDelays: [],
        onChunkComplete: () => void upload.abort().then(() => resolve(upload.url!)),
      });
      upload.start();
    });
    const id = outcome.split("/").pop()!;
    await db().updateTable("media_uploads").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", id).execute();
    const { createUploads } = await import("./uploads.routes.ts");
    const removed = await createUploads(server.deps).store.deleteExpired();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom("media_uploads").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await server.deps.storage.head("uploads", `${id}/part-000000000000`)).toBeNull();
  });
});
