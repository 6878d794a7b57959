import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { makeTestVideo } from "../../testing/media-sources.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { findFfmpeg } from "./ffmpeg.ts";
import { listLibrary } from "./library.service.ts";
import { createMediaContext, mediaJobKinds } from "./media-jobs.ts";
import { MAX_ATTEMPTS, enqueueJob, runNextJob } from "./queue.ts";
import { encodeTimeLimitMs } from "./transcode.ts";
import { UPLOADED_VIDEO_JOB } from "./upload-jobs.ts";

const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logger = createLogger({ logLevel: "silent" });
const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);

/** Short limits, so a hang ends in seconds: 2 s, plus 0.5 s per second of clip and rung. */
const TEST_LIMIT = { floorMs: 2000, perClipSecondPerRungMs: 500 };
const CLIP_SECONDS = 6;

/** The ladder encode this process has started (ffprobe and the clip maker have no filter graph). */
async function encoderPid(): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { stdout } = await execFileAsync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)]);
    const line = stdout.split("\n").find((entry) => entry.includes("-filter_complex"));
    if (line) return Number(line.trim().split(/\s+/)[0]);
    await sleep(10);
  }
  throw new Error("no ladder encode started within 60 s");
}

// A real encode made to hang (its ffmpeg stopped with SIGSTOP) or killed outright, as the
// OOM killer or an operator would, in the worker of this process.
describe.skipIf(!ffmpeg)("an uploaded video whose ffmpeg hangs or is killed", () => {
  let server: TestServer;
  let dir: string;
  let source: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-encode-faults-"));
    // 320 wide: one rung (240p), so the limit is the floor plus half a second per second of clip.
    source = readFileSync(await makeTestVideo(dir, "clip.mp4", { width: 320, height: 568, seconds: CLIP_SECONDS }));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => server.deps.database.db;
  const kinds = () => mediaJobKinds({ ...createMediaContext(server.deps), encodeTimeLimit: TEST_LIMIT });

  async function queueUpload(name: string) {
    const product = await createProduct(db());
    const media = await createMedia(db(), product.id, { type: "video", status: "processing", url: "" });
    await server.deps.storage.put("uploads", `faults/${name}`, source, { contentType: "application/octet-stream" });
    const jobId = await enqueueJob(db(), UPLOADED_VIDEO_JOB, { sourceKey: `faults/${name}`, productId: product.id, mediaId: media.id }, undefined, { mediaId: media.id });
    return { jobId, mediaId: media.id };
  }

  it("ends an encode that hangs once the time allowed for the clip has passed, and the job records why", { timeout: 120_000 }, async () => {
    const { jobId } = await queueUpload("hung");
    const limitMs = encodeTimeLimitMs(CLIP_SECONDS, 1, TEST_LIMIT);
    const attempt = runNextJob(db(), kinds(), logger);
    const pid = await encoderPid();
    const stoppedAt = Date.now();
    process.kill(pid, "SIGSTOP");
    expect(await attempt).toBe(true);
    // Stopped, it writes nothing: the 120 s no-progress limit is far off, so the clip's limit ended it.
    expect(Date.now() - stoppedAt).toBeLessThan(limitMs + 5000);
    const job = await db().selectFrom("media_jobs").select(["status", "attempts", "last_error"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job.last_error).toMatch(new RegExp(`^ffmpeg was stopped: it took longer than the ${Math.round(limitMs / 1000)} s allowed for a 6.0 s clip in 1 size`));
  });

  it("fails a video whose ffmpeg is killed on each of its three attempts, telling the owner in plain words", { timeout: 180_000 }, async () => {
    const { jobId, mediaId } = await queueUpload("killed");
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Each retry is due at once, not after its backoff.
      await db().updateTable("media_jobs").set({ run_after: new Date(Date.now() - 1000) }).where("id", "=", jobId).execute();
      const running = runNextJob(db(), kinds(), logger);
      process.kill(await encoderPid(), "SIGKILL");
      expect(await running).toBe(true);
    }
    const job = await db().selectFrom("media_jobs").select(["status", "attempts", "last_error"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    // ffmpeg's own account stays with the job (and in the log) for the operator.
    expect(job.last_error).toMatch(/^ffmpeg exited with SIGKILL/);
    const item = (await listLibrary(db(), { limit: 100 })).items.find((entry) => entry.id === mediaId);
    expect(item).toMatchObject({
      status: "failed",
      error: "This video could not be processed: converting it stopped responding three times. Try uploading it again, or export it from your editor as MP4 (H.264).",
      job: { status: "failed", attempts: 3 },
    });
  });
});
