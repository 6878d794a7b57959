import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LibraryItem, MediaLibraryPage, SubmissionList } from "@reelmart/core/api/media";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type ListeningApp, listenInTestRange, makeTestVideo } from "../../testing/media-sources.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { createMediaContext, mediaJobKinds } from "./media-jobs.ts";
import { drainJobs, enqueueJob } from "./queue.ts";

const logger = createLogger({ logLevel: "silent" });

function upload(base: string, user: TestUser, data: Buffer, metadata: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      headers: { cookie: user.cookie },
      metadata,
      retryDelays: [],
      onSuccess: ({ lastResponse }) => resolve({ status: lastResponse.getStatus(), body: lastResponse.getBody() }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        resolve({ status: response?.getStatus() ?? 0, body: response?.getBody() ?? String(error) });
      },
    }).start();
  });
}

describe("media library and shopper submissions", () => {
  let server: TestServer;
  let http: ListeningApp;
  let admin: TestUser;
  let shopper: TestUser;
  let productId: string;
  let otherProductId: string;
  let dir: string;
  let clip: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    http = await listenInTestRange(server.app);
    admin = await signUpUser(server, { admin: true });
    shopper = await signUpUser(server, { name: "Asha Shopper" });
    productId = (await createProduct(db(), { title: "Carted Product" })).id;
    otherProductId = (await createProduct(db(), { title: "Other Product" })).id;
    await db().insertInto("cart_items").values({ user_id: shopper.id, product_id: productId, quantity: 1 }).execute();
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-library-test-"));
    clip = readFileSync(await makeTestVideo(dir, "clip.mp4", { width: 270, height: 480, seconds: 1 }));
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  function db() {
    return server.deps.database.db;
  }
  const drain = () => drainJobs(db(), mediaJobKinds(createMediaContext(server.deps)), logger);
  const productMediaIds = async (id: string) => {
    const { body } = await server.json<{ media: Array<{ id: string }> }>(`/api/products/${id}`);
    return body.media.map((media) => media.id);
  };

  it("keeps a shopper's video out of sight until an admin approves it, and shows the shopper its status", { timeout: 60_000 }, async () => {
    const sent = await upload(http.url, shopper, clip, { purpose: "submission", productId, title: "Unboxing" });
    expect(sent.status).toBe(200);
    const { submissionId } = JSON.parse(sent.body) as { submissionId: string };
    await drain();

    const mine = await server.json<SubmissionList>("/api/me/submissions", { headers: shopper.headers });
    expect(mine.body.items).toMatchObject([{ id: submissionId, status: "pending", title: "Unboxing", productTitle: "Carted Product" }]);
    expect(await productMediaIds(productId)).toEqual([]);
    const queue = await server.json<SubmissionList>("/api/admin/submissions?status=pending", { headers: admin.headers });
    expect(queue.body.items[0]).toMatchObject({ id: submissionId, userName: "Asha Shopper" });
    expect(queue.body.items[0]!.previewUrl).toContain("/optimized-");

    expect((await server.request(`/api/admin/submissions/${submissionId}/approve`, { method: "POST", headers: shopper.headers })).status).toBe(403);
    const approved = await server.json<{ mediaId: string }>(`/api/admin/submissions/${submissionId}/approve`, { method: "POST", headers: admin.headers });
    expect(approved.status).toBe(200);
    expect(await productMediaIds(productId)).toEqual([approved.body.mediaId]);
    const { body } = await server.json<{ media: Array<{ id: string; category: string; status: string; renditions: unknown[] }> }>(`/api/products/${productId}`);
    expect(body.media[0]).toMatchObject({ category: "ugc", status: "ready" });
    expect(body.media[0]!.renditions.length).toBeGreaterThan(0);
    const again = await server.json(`/api/admin/submissions/${submissionId}/approve`, { method: "POST", headers: admin.headers });
    expect(again.status).toBe(409);
    const after = await server.json<SubmissionList>("/api/me/submissions", { headers: shopper.headers });
    expect(after.body.items[0]).toMatchObject({ status: "approved", mediaId: approved.body.mediaId });
  });

  it("rejects with a reason the shopper sees, and removes the files", { timeout: 60_000 }, async () => {
    const sent = await upload(http.url, shopper, clip, { purpose: "submission", productId });
    const { submissionId } = JSON.parse(sent.body) as { submissionId: string };
    await drain();
    const row = await db().selectFrom("media_submissions").select("result").where("id", "=", submissionId).executeTakeFirstOrThrow();
    const firstKey = row.result!.renditions[0]!.key;
    expect(await server.deps.storage.head("product-media", firstKey)).not.toBeNull();

    const empty = await server.json(`/api/admin/submissions/${submissionId}/reject`, { method: "POST", headers: { ...admin.headers, "content-type": "application/json" }, body: JSON.stringify({ reason: " " }) });
    expect(empty.status).toBe(400);
    const rejected = await server.request(`/api/admin/submissions/${submissionId}/reject`, {
      method: "POST",
      headers: { ...admin.headers, "content-type": "application/json" },
      body: JSON.stringify({ reason: "The product is not visible" }),
    });
    expect(rejected.status).toBe(204);
    expect(await server.deps.storage.head("product-media", firstKey)).toBeNull();
    const mine = await server.json<SubmissionList>("/api/me/submissions", { headers: shopper.headers });
    expect(mine.body.items.find((item) => item.id === submissionId)).toMatchObject({ status: "rejected", reason: "The product is not visible", previewUrl: null });
    const others = await server.json<SubmissionList>("/api/me/submissions", { headers: admin.headers });
    expect(others.body.items).toEqual([]);
  });

  it("lists all media newest first with filters; attaches, sets main and cover; retries a failed upload", async () => {
    const image = await createMedia(db(), otherProductId, { type: "image", title: "Side view" });
    const failed = await createMedia(db(), otherProductId, { type: "video", status: "failed", metadata: JSON.stringify({ error: "ffmpeg exited with 1" }) });
    const jobId = await enqueueJob(db(), "uploaded-video", { sourceKey: "x/source", productId: otherProductId, mediaId: failed.id }, undefined, { mediaId: failed.id });
    await db().updateTable("media_jobs").set({ status: "failed", attempts: 3, last_error: "ffmpeg exited with 1" }).where("id", "=", jobId).execute();

    expect((await server.request("/api/admin/media-library")).status).toBe(401);
    expect((await server.request("/api/admin/media-library", { headers: shopper.headers })).status).toBe(403);
    const all = await server.json<MediaLibraryPage>("/api/admin/media-library", { headers: admin.headers });
    const times = all.body.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const failedItem = all.body.items.find((item) => item.id === failed.id)!;
    expect(failedItem).toMatchObject({ status: "failed", error: "ffmpeg exited with 1", job: { status: "failed", attempts: 3 } });

    const filtered = await server.json<MediaLibraryPage>(`/api/admin/media-library?productId=${otherProductId}&type=image`, { headers: admin.headers });
    expect(filtered.body.items.map((item: LibraryItem) => item.id)).toEqual([image.id]);
    const paged = await server.json<MediaLibraryPage>("/api/admin/media-library?limit=1", { headers: admin.headers });
    expect(paged.body.nextCursor).toBeTruthy();
    const next = await server.json<MediaLibraryPage>(`/api/admin/media-library?limit=1&cursor=${encodeURIComponent(paged.body.nextCursor!)}`, { headers: admin.headers });
    expect(next.body.items[0]!.id).not.toBe(paged.body.items[0]!.id);
    expect((await server.request("/api/admin/media-library?cursor=nonsense", { headers: admin.headers })).status).toBe(400);

    const patch = (id: string, body: unknown) =>
      server.request(`/api/admin/media-library/${id}`, { method: "PATCH", headers: { ...admin.headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await patch(image.id, { isCover: true })).status).toBe(204);
    const product = await db().selectFrom("products").select("thumbnail_url").where("id", "=", otherProductId).executeTakeFirstOrThrow();
    expect(product.thumbnail_url).toBe(image.url);
    expect((await patch(image.id, { isMain: true })).status).toBe(400);
    expect((await patch(image.id, { productId })).status).toBe(204);
    expect((await db().selectFrom("product_media").select("product_id").where("id", "=", image.id).executeTakeFirstOrThrow()).product_id).toBe(productId);
    expect((await patch(image.id, { productId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await patch("00000000-0000-4000-8000-000000000000", { isCover: true })).status).toBe(404);

    const retried = await server.request(`/api/admin/media-library/${failed.id}/retry`, { method: "POST", headers: admin.headers });
    expect(retried.status).toBe(202);
    const job = await db().selectFrom("media_jobs").select(["status", "attempts"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "queued", attempts: 0 });
    expect((await db().selectFrom("product_media").select("status").where("id", "=", failed.id).executeTakeFirstOrThrow()).status).toBe("processing");
    expect((await server.request(`/api/admin/media-library/${failed.id}/retry`, { method: "POST", headers: admin.headers })).status).toBe(409);
  });

  it("pages through rows sharing a millisecond with a page's last row, listing each exactly once", async () => {
    const product = await createProduct(db(), { title: "Paged Media" });
    const created: string[] = [];
    for (let i = 0; i < 11; i++) {
      // One millisecond, microseconds apart (and some identical): a millisecond cursor skips the rest of that millisecond.
      const created_at = i < 4 ? "2024-05-01T10:00:00.123456Z" : `2024-05-01T10:00:00.${String(123456 + i).padStart(6, "0")}Z`;
      created.push((await createMedia(db(), product.id, { type: "image", created_at })).id);
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/admin/media-library?productId=${product.id}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const { status, body } = await server.json<MediaLibraryPage>(query, { headers: admin.headers });
      expect(status).toBe(200);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);

    expect(pages).toBe(4);
    expect(seen).toHaveLength(created.length);
    expect(new Set(seen)).toEqual(new Set(created));
    const rows = await db().selectFrom("product_media").select("id").where("product_id", "=", product.id).orderBy("created_at", "desc").orderBy("id", "desc").execute();
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it("attaches WebVTT captions to a video and refuses anything else", async () => {
    const video = await createMedia(db(), productId, { type: "video" });
    const put = (body: string) => server.request(`/api/admin/media-library/${video.id}/captions`, { method: "PUT", headers: { ...admin.headers, "content-type": "text/vtt" }, body });
    const stored = await put("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n");
    expect(stored.status).toBe(200);
    const { captionsUrl } = (await stored.json()) as { captionsUrl: string };
    const file = await server.request(captionsUrl);
    expect(file.headers.get("content-type")).toContain("text/vtt");
    expect(await file.text()).toContain("Hello");
    const { body } = await server.json<{ media: Array<{ id: string; captionsUrl?: string | null }> }>(`/api/products/${productId}`);
    expect(body.media.find((media) => media.id === video.id)?.captionsUrl).toBe(captionsUrl);
    expect((await put("1\n00:00:00,000 --> 00:00:01,000\nSRT is not WebVTT\n")).status).toBe(415);

    // Removing the captions removes their file; so does deleting a video that has captions.
    expect((await server.request(`/api/admin/media-library/${video.id}/captions`, { method: "DELETE", headers: admin.headers })).status).toBe(204);
    expect((await server.request(captionsUrl)).status).toBe(404);
    const again = (await (await put("WEBVTT\n\n00:00.000 --> 00:01.000\nAgain\n")).json()) as { captionsUrl: string };
    expect((await server.request(again.captionsUrl)).status).toBe(200);
    expect((await server.request(`/api/admin/media/${video.id}`, { method: "DELETE", headers: admin.headers })).status).toBe(204);
    expect((await server.request(again.captionsUrl)).status).toBe(404);
  });
});
