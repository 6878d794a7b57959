import { mkdtemp, rm, stat } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FfmpegError, findFfmpeg, runFfmpeg } from "./ffmpeg.ts";

const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);

describe.skipIf(!ffmpeg)("runFfmpeg", () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "reelmart-ffmpeg-test-"));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("lets a slow encode that keeps reporting run past the stall limit, and passes its progress on", async () => {
    const out = path.join(work, "slow.mp4");
    const reported: number[] = [];
    const started = Date.now();
    // -re reads the 11 s source in real time: the run lasts over twice the 5 s stall limit. The limit
    // leaves room for a niced ffmpeg's start on a loaded machine (a 1 s limit once stopped it before
    // its first report in CI, and a 3 s one at a load average of 8 on two cores).
    await runFfmpeg(ffmpeg!, ["-re", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=11", "-c:v", "libx264", out], {
      stallMs: 5000,
      onProgress: (seconds) => reported.push(seconds),
    });
    expect(Date.now() - started).toBeGreaterThan(10_000);
    expect((await stat(out)).size).toBeGreaterThan(0);
    expect(reported.length).toBeGreaterThan(2);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported.at(-1)).toBeGreaterThan(10);
  });

  it("stops a run that keeps reporting progress but outlasts its time limit, and says why", async () => {
    const started = Date.now();
    // -re makes the 30 s source take 30 s, reporting all along: only the 4 s time limit can end it.
    const failure = await runFfmpeg(ffmpeg!, ["-re", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=10:duration=30", "-c:v", "libx264", path.join(work, "long.mp4")], {
      stallMs: 60_000,
      timeLimit: { ms: 4000, allowedFor: "a 1.0 s clip in 1 size" },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FfmpegError);
    expect((failure as Error).message).toMatch(/^ffmpeg was stopped: it took longer than the 4 s allowed for a 1.0 s clip in 1 size/);
    expect((failure as FfmpegError).stopped).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("stops an ffmpeg that reports nothing for the stall limit and says why", async () => {
    // An input that connects and never sends a byte: ffmpeg waits on it and never reports progress.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const failure = await runFfmpeg(ffmpeg!, ["-f", "rawvideo", "-s", "8x8", "-i", `tcp://127.0.0.1:${port}`, path.join(work, "never.mp4")], { stallMs: 1000 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(FfmpegError);
      expect((failure as Error).message).toMatch(/^ffmpeg was stopped: it reported no progress for 1 s/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  });
});
