import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { type S3TestServer, startS3TestServer } from "../../testing/s3-test-server.ts";
import { queueUploadedVideo } from "../../testing/queued-video.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { createMediaContext, mediaJobKinds } from "./media-jobs.ts";
import { runNextJob } from "./queue.ts";

// STORAGE_DRIVER=s3 with its S3 (s3rver) stopped while a video waits to be processed, then
// started again on the same files: the job waits for it without spending its attempts.
describe("a media job while its storage is away", () => {
  let s3: S3TestServer;
  let server: TestServer;
  let dir: string;
  const lines: Array<{ msg: string; attempts?: number; retryInSeconds?: number }> = [];
  const logger = createLogger({ logLevel: "warn" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-storage-away-"));
    s3 = await startS3TestServer({ anyPort: true });
    server = await startTestServer(s3.env);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("waits with a growing backoff and its attempts untouched, then finishes once the storage is back", { timeout: 120_000 }, async () => {
    const db = server.deps.database.db;
    const { media, jobId } = await queueUploadedVideo(server, dir, "away", { width: 320, height: 568, seconds: 1 });
    const kinds = mediaJobKinds(createMediaContext(server.deps));
    const job = () => db.selectFrom("media_jobs").select(["status", "attempts", "stage", "run_after", "last_error"]).where("id", "=", jobId).executeTakeFirstOrThrow();
    const makeDue = () => db.updateTable("media_jobs").set({ run_after: new Date(Date.now() - 1000) }).where("id", "=", jobId).execute();

    await s3.stop();
    // Five runs against the stopped storage: more than the three attempts a job has.
    const waits: number[] = [];
    for (let run = 1; run <= 5; run++) {
      const before = Date.now();
      expect(await runNextJob(db, kinds, logger)).toBe(true);
      const waiting = await job();
      expect(waiting).toMatchObject({ status: "queued", attempts: 0, stage: "waiting for storage" });
      expect(waiting.last_error).toMatch(/^storage unavailable: .*ECONNREFUSED/);
      waits.push(waiting.run_after.getTime() - before);
      await makeDue();
    }
    // 5 s, 10 s, 20 s, 40 s, 80 s (each measured from before its run, so a little over).
    waits.forEach((wait, index) => {
      expect(wait).toBeGreaterThanOrEqual(5000 * 2 ** index);
      expect(wait).toBeLessThan(5000 * 2 ** index + 10_000);
    });
    expect(lines.filter((line) => line.msg === "media job waiting for storage; the attempt is not counted")).toHaveLength(5);
    expect(lines.find((line) => line.msg.startsWith("media job waiting"))).toMatchObject({ attempts: 0, retryInSeconds: 5 });
    expect((await db.selectFrom("product_media").select("status").where("id", "=", media.id).executeTakeFirstOrThrow()).status).toBe("processing");

    await s3.restart();
    expect(await runNextJob(db, kinds, logger)).toBe(true);
    expect(await job()).toMatchObject({ status: "done", attempts: 1, last_error: null });
    expect((await db.selectFrom("product_media").select("status").where("id", "=", media.id).executeTakeFirstOrThrow()).status).toBe("ready");
  });
});
