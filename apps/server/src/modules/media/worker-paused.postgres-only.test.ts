import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { queueUploadedVideo } from "../../testing/queued-video.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { jobOnceEncoding, startWorkerProcess } from "../../testing/worker-process.ts";
import { createMediaContext, mediaJobKinds } from "./media-jobs.ts";
import { runNextJob } from "./queue.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TAKEN_OVER = "media job taken over by another worker while this one was stopped; this attempt's result is dropped";

// A separate `npm run worker` process is paused with SIGSTOP mid-encode (a frozen VM or container,
// a debugger, a machine swapping): its lock goes stale, another worker takes the job over and
// finishes it, and when the paused worker is continued it finishes too, late, and must leave the
// finished job and its media as they are.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a media worker paused with SIGSTOP", () => {
  let server: TestServer;
  let child: ChildProcess | undefined;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-pause-test-"));
  }, 60_000);
  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, "SIGCONT");
      process.kill(-child.pid, "SIGKILL");
    }
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("has its job finished by another worker, and overwrites nothing when it is continued", { timeout: 180_000 }, async () => {
    const db = server.deps.database.db;
    const { media, jobId } = await queueUploadedVideo(server, dir, "pause", { width: 720, height: 1280, seconds: 3 });

    const worker = await startWorkerProcess(server, { logLevel: "warn", stdout: "pipe" });
    child = worker;
    const logLines: Array<{ msg: string; jobId?: string }> = [];
    let pending = "";
    worker.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("{")) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
    });

    const job = await jobOnceEncoding(db, jobId);
    expect(job).toMatchObject({ status: "running", stage: "encoding", attempts: 1 });
    process.kill(-worker.pid!, "SIGSTOP");

    // Paused, it refreshes its lock no more; after the stale time this worker takes the job over.
    await sleep(2500);
    const logger = createLogger({ logLevel: "silent" });
    expect(await runNextJob(db, mediaJobKinds(createMediaContext(server.deps)), logger, { staleLockSeconds: 2 })).toBe(true);
    const finished = await db.selectFrom("media_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(finished).toMatchObject({ status: "done", attempts: 2, last_error: null });
    const readyMedia = await db.selectFrom("product_media").select(["status", "url", "thumbnail_url", "metadata"]).where("id", "=", media.id).executeTakeFirstOrThrow();
    expect(readyMedia.status).toBe("ready");
    const renditions = await db.selectFrom("media_renditions").selectAll().where("media_id", "=", media.id).orderBy("height", "desc").execute();
    expect(renditions.map((r) => r.height)).toEqual([1280, 854, 426]);

    // Continued, the paused worker finishes its encode and finds the job no longer its own.
    process.kill(-worker.pid!, "SIGCONT");
    for (let waited = 0; !logLines.some((line) => line.msg === TAKEN_OVER) && waited < 90_000; waited += 100) await sleep(100);
    expect(logLines.find((line) => line.msg === TAKEN_OVER)).toMatchObject({ jobId });
    expect(await db.selectFrom("media_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow()).toEqual(finished);
    expect(await db.selectFrom("product_media").select(["status", "url", "thumbnail_url", "metadata"]).where("id", "=", media.id).executeTakeFirstOrThrow()).toEqual(readyMedia);
    // The same rendition rows: none was replaced by the late worker's.
    expect(await db.selectFrom("media_renditions").selectAll().where("media_id", "=", media.id).orderBy("height", "desc").execute()).toEqual(renditions);

    // And it goes on working: stopped with SIGTERM, it ends cleanly.
    process.kill(worker.pid!, "SIGTERM");
    expect(await new Promise((resolve) => worker.once("exit", resolve))).toBe(0);
  });
});
