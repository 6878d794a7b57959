import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { queueUploadedVideo } from "../../testing/queued-video.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { jobOnceEncoding, startWorkerProcess } from "../../testing/worker-process.ts";
import { createMediaContext, mediaJobKinds } from "./media-jobs.ts";
import { enqueueJob, runNextJob } from "./queue.ts";
import { UPLOADED_VIDEO_JOB } from "./upload-jobs.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A separate `npm run worker` process on the same PostgreSQL is killed with SIGKILL mid-encode;
// once its lock goes stale another worker takes the job over and finishes it (DESIGN.md Scale-out).
describe.skipIf(!process.env.TEST_DATABASE_URL)("a media worker killed with -9", () => {
  let server: TestServer;
  let child: ChildProcess | undefined;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-crash-test-"));
  }, 60_000);
  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves a job that another worker finishes", { timeout: 120_000 }, async () => {
    const db = server.deps.database.db;
    const { media, jobId } = await queueUploadedVideo(server, dir, "crash", { width: 720, height: 1280, seconds: 3 });

    const worker = await startWorkerProcess(server, { logLevel: "silent", stdout: "ignore" });
    child = worker;

    const job = await jobOnceEncoding(db, jobId);
    expect(job).toMatchObject({ status: "running", stage: "encoding", attempts: 1 });
    process.kill(-worker.pid!, "SIGKILL");
    await new Promise((resolve) => worker.once("exit", resolve));

    // Nobody refreshes the lock any more; after the stale time another worker claims the job.
    expect(await runNextJob(db, mediaJobKinds(createMediaContext(server.deps)), createLogger({ logLevel: "silent" }), { staleLockSeconds: 2 })).toBe(false);
    await sleep(2500);
    expect(await runNextJob(db, mediaJobKinds(createMediaContext(server.deps)), createLogger({ logLevel: "silent" }), { staleLockSeconds: 2 })).toBe(true);
    const done = await db.selectFrom("media_jobs").select(["status", "attempts"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(done).toEqual({ status: "done", attempts: 2 });
    const row = await db.selectFrom("product_media").select(["status", "url"]).where("id", "=", media.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("ready");
    const renditions = await db.selectFrom("media_renditions").select(["height"]).where("media_id", "=", media.id).orderBy("height", "desc").execute();
    expect(renditions.map((r) => r.height)).toEqual([1280, 854, 426]);
  });

  it("marks a job failed, not looping, when its worker dies on the last attempt", async () => {
    const db = server.deps.database.db;
    const product = await createProduct(db);
    const media = await createMedia(db, product.id, { type: "video", status: "processing", url: "" });
    const jobId = await enqueueJob(db, UPLOADED_VIDEO_JOB, { sourceKey: "gone/source", productId: product.id, mediaId: media.id }, undefined, { mediaId: media.id });
    await db.updateTable("media_jobs").set({ status: "running", attempts: 3, locked_at: new Date(Date.now() - 10_000) }).where("id", "=", jobId).execute();
    await runNextJob(db, mediaJobKinds(createMediaContext(server.deps)), createLogger({ logLevel: "silent" }), { staleLockSeconds: 2 });
    expect((await db.selectFrom("media_jobs").select("status").where("id", "=", jobId).executeTakeFirstOrThrow()).status).toBe("failed");
    expect((await db.selectFrom("product_media").select("status").where("id", "=", media.id).executeTakeFirstOrThrow()).status).toBe("failed");
  });
});
