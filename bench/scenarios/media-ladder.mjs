// Issue 12 (DESIGN.md Budgets): the 240/480/720 ladder of a 10 s 1080x1920 30 fps source encodes in
// at most the clip's own duration on this machine. Runs the server's own pipeline (probe, then one
// ffmpeg pass for every rung and poster) and reports the time and each rung's bytes per second.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const SECONDS = 10;

export default {
  name: "media-ladder",
  description: `Ladder encode of a ${SECONDS} s 1080x1920 30 fps clip vs its duration`,
  async run({ root }) {
    register();
    const media = (file) => pathToFileURL(path.join(root, "apps/server/src/modules/media", file)).href;
    const { findFfmpeg } = await import(media("ffmpeg.ts"));
    const { probeVideo } = await import(media("probe.ts"));
    const { transcodeLadder } = await import(media("transcode.ts"));
    const ffmpeg = await findFfmpeg(process.env.FFMPEG_PATH);
    if (!ffmpeg) return { name: "media-ladder", pass: false, detail: "ffmpeg not found" };
    const work = mkdtempSync(path.join(os.tmpdir(), "reelmart-bench-ladder-"));
    try {
      // A busy, phone-like source (moving test pattern with noise, a tone): not part of the timing.
      const source = path.join(work, "source.mp4");
      execFileSync(ffmpeg.path, [
        "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", `testsrc2=s=1080x1920:r=30:d=${SECONDS},noise=alls=12:allf=t`,
        "-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`,
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-shortest", source,
      ]);
      const threads = os.availableParallelism();
      const started = performance.now();
      const probe = await probeVideo(ffmpeg, source);
      const encoded = await transcodeLadder(ffmpeg, source, probe, work, { threads });
      const encodeSeconds = (performance.now() - started) / 1000;
      const rungs = encoded.renditions.map((rendition) => {
        const bytes = statSync(rendition.file).size;
        return { rung: `${rendition.name}p`, size: `${rendition.width}x${rendition.height}`, bytes, bytesPerSecond: Math.round(bytes / probe.durationSeconds), kbps: Math.round((bytes * 8) / probe.durationSeconds / 1000) };
      });
      const ratio = encodeSeconds / probe.durationSeconds;
      const pass = encodeSeconds <= probe.durationSeconds;
      console.log(`media ladder: ${SECONDS} s 1080x1920 source, ${threads} ffmpeg threads: encoded in ${encodeSeconds.toFixed(2)} s (${ratio.toFixed(2)}x its duration)  ${pass ? "PASS" : "FAIL"} (<= 1.00x)`);
      for (const rung of rungs) console.log(`  ${rung.rung.padEnd(5)} ${rung.size.padEnd(9)} ${String(rung.bytes).padStart(9)} bytes  ${String(rung.bytesPerSecond).padStart(7)} B/s  (${rung.kbps} kbit/s)`);
      const detail = `${encodeSeconds.toFixed(2)} s for ${SECONDS} s (${ratio.toFixed(2)}x); ${rungs.map((rung) => `${rung.rung} ${Math.round(rung.bytesPerSecond / 1024)} KiB/s`).join(", ")}`;
      return { name: "media-ladder", encodeSeconds, clipSeconds: probe.durationSeconds, encodeRatio: ratio, threads, rungs, budget: { maxRatio: 1 }, pass, detail };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
