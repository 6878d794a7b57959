import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { MediaCache } from "./cache.ts";
import { findFfmpeg } from "./ffmpeg.ts";
import { optimizedVideoKeys } from "./media-jobs.ts";
import { topLevelBoxes } from "./mp4-boxes.test-helper.ts";
import { type DemoVideoSpec, renderDemoVideo } from "./video.ts";

const run = promisify(execFile);
const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);
// The shared cache (MEDIA_CACHE_DIR or <repo>/.cache/media): repeated runs reuse the encode.
const sharedCache = new MediaCache(loadConfig({}).mediaCacheDir);
const square = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect x="20" y="20" width="60" height="60" fill="${fill}"/></svg>`;
const SPEC: DemoVideoSpec = {
  style: "studio",
  backdrop: `<svg xmlns="http://www.w3.org/2000/svg" width="72" height="128"><rect width="72" height="128" fill="#1e3a8a"/></svg>`,
  art: square("#f59e0b"),
  angleArt: square("#22d3ee"),
  callouts: ["Test & <callout>", "Second"],
  accent: "#f59e0b",
  // Short: the encode is the point, not the length (the demo store's clips are longer).
  durationSeconds: 2,
  toneHz: 440,
};

interface ProbeStream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
}

async function probe(file: string): Promise<{ streams: ProbeStream[]; format: { duration: string } }> {
  const ffprobe = ffmpeg!.path === "ffmpeg" ? "ffprobe" : path.join(path.dirname(ffmpeg!.path), "ffprobe");
  const { stdout } = await run(ffprobe, ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]);
  return JSON.parse(stdout);
}

describe.skipIf(!ffmpeg)("demo video encoding (ffmpeg)", () => {
  it("encodes an H.264 High + AAC 720x1280 master, 480p and 240p renditions with faststart, and a poster", { timeout: 180_000 }, async () => {
    const video = await renderDemoVideo(ffmpeg!, sharedCache, SPEC);
    expect(video.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(["720x1280", "480x854", "240x426"]);
    for (const rendition of video.renditions) {
      const { streams, format } = await probe(rendition.file);
      const videoStream = streams.find((s) => s.codec_type === "video")!;
      const audioStream = streams.find((s) => s.codec_type === "audio")!;
      expect(videoStream).toMatchObject({ codec_name: "h264", profile: "High", width: rendition.width, height: rendition.height, pix_fmt: "yuv420p" });
      expect(audioStream.codec_name).toBe("aac");
      expect(Number(format.duration)).toBeGreaterThanOrEqual(1.9);
      expect(Number(format.duration)).toBeLessThanOrEqual(2.2);
      const types = (await topLevelBoxes(rendition.file)).map((box) => box.type);
      expect(types).toContain("mdat");
      expect(types.indexOf("moov")).toBeLessThan(types.indexOf("mdat"));
    }
    const poster = await sharp(video.poster).metadata();
    expect(poster).toMatchObject({ format: "jpeg", width: 720, height: 1280 });
  });

  it("encodes a hand-held customer clip with its caption", { timeout: 180_000 }, async () => {
    const video = await renderDemoVideo(ffmpeg!, sharedCache, { ...SPEC, style: "handheld", callouts: ["Loved it"] });
    const { streams, format } = await probe(video.renditions[0]!.file);
    expect(streams.find((s) => s.codec_type === "video")).toMatchObject({ width: 720, height: 1280 });
    expect(Number(format.duration)).toBeGreaterThanOrEqual(1.9);
    expect(await sharp(video.poster).metadata()).toMatchObject({ width: 720, height: 1280 });
  });

  it("reuses the cached encode instead of running ffmpeg again", { timeout: 180_000 }, async () => {
    const cache = new MediaCache(sharedCache.dir);
    const first = await renderDemoVideo(ffmpeg!, cache, SPEC);
    const modified = statSync(first.renditions[0]!.file).mtimeMs;
    const started = Date.now();
    const second = await renderDemoVideo(ffmpeg!, cache, SPEC);
    expect(Date.now() - started).toBeLessThan(500);
    expect(second).toEqual(first);
    expect(cache.stats.hits).toBeGreaterThanOrEqual(1);
    expect(statSync(second.renditions[0]!.file).mtimeMs).toBe(modified);
  });
});

describe("media cache", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-cache-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("produces once per inputs, also when two callers race, and again for new inputs", async () => {
    const cache = new MediaCache(dir);
    let produced = 0;
    const produce = async (out: string) => {
      produced++;
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } }).png().toFile(path.join(out, "a.png"));
    };
    const [a, b] = await Promise.all([cache.getOrCreate({ n: 1 }, produce), cache.getOrCreate({ n: 1 }, produce)]);
    expect(a).toBe(b);
    const again = await cache.getOrCreate({ n: 1 }, produce);
    expect(again).toBe(a);
    expect(produced).toBe(2); // the racing pair both generated; afterwards it is a hit
    expect(cache.stats.hits).toBe(1);
    await cache.getOrCreate({ n: 2 }, produce);
    expect(produced).toBe(3);
    expect(statSync(path.join(a, "a.png")).size).toBeGreaterThan(0);
  });
});

describe("naming", () => {
  it("follows the spec's optimized convention: poster = master URL with the extension swapped for -thumbnail.jpg", () => {
    const keys = optimizedVideoKeys("p1", "abc123");
    const master = keys.rendition(1280, 720);
    expect(master).toBe("products/p1/optimized-abc123-720.mp4");
    expect(`/media/product-media/${master}`).toContain("/optimized-");
    expect(master.replace(/\.mp4$/, "-thumbnail.jpg")).toBe(keys.poster);
    expect(keys.rendition(854, 480)).toBe("products/p1/optimized-abc123-480.mp4");
  });
});
