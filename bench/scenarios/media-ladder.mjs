// Issue 12 (DESIGN.md Budgets): the 240/480/720 ladder of a 10 s 1080x1920 30 fps source encodes in
// at most the clip's own duration on this machine. Runs the server's own pipeline (probe, then one
// ffmpeg pass for every rung and poster) and reports the time and each rung's bytes per second.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
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
      // A busy source at a phone camera's bitrate (1080p30 H.264 at ~17 Mbit/s, as phones record it):
      // a moving test pattern with noise and a tone. Not part of the timing. (An earlier version
      // encoded it at CRF 18, which made the noise a 130 Mbit/s stream: decoding alone took 6 s.)
      const source = path.join(work, "source.mp4");
      execFileSync(ffmpeg.path, [
        "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", `testsrc2=s=1080x1920:r=30:d=${SECONDS},noise=alls=12:allf=t`,
        "-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`,
        "-c:v", "libx264", "-preset", "veryfast", "-b:v", "17M", "-maxrate", "20M", "-bufsize", "34M", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", "-shortest", source,
      ]);
      const threads = os.availableParallelism();
      const cpuBefore = childCpuSeconds();
      const started = performance.now();
      const probe = await probeVideo(ffmpeg, source);
      const encoded = await transcodeLadder(ffmpeg, source, probe, work, { threads });
      const encodeSeconds = (performance.now() - started) / 1000;
      // ffprobe's and ffmpeg's CPU time: what the encode costs whatever else the machine runs. Over
      // the cores it is the shortest wall time an idle machine of this size could reach.
      const cpuSeconds = childCpuSeconds() - cpuBefore;
      const idleEstimate = cpuSeconds / threads;
      const rungs = encoded.renditions.map((rendition) => {
        const bytes = statSync(rendition.file).size;
        return { rung: `${rendition.name}p`, size: `${rendition.width}x${rendition.height}`, bytes, bytesPerSecond: Math.round(bytes / probe.durationSeconds), kbps: Math.round((bytes * 8) / probe.durationSeconds / 1000) };
      });
      const ratio = encodeSeconds / probe.durationSeconds;
      const pass = encodeSeconds <= probe.durationSeconds;
      console.log(`media ladder: ${SECONDS} s 1080x1920 source, ${threads} ffmpeg threads: encoded in ${encodeSeconds.toFixed(2)} s (${ratio.toFixed(2)}x its duration)  ${pass ? "PASS" : "FAIL"} (<= 1.00x)`);
      console.log(`  ffmpeg CPU ${cpuSeconds.toFixed(2)} s = ${idleEstimate.toFixed(2)} s over ${threads} idle cores (${(idleEstimate / probe.durationSeconds).toFixed(2)}x); load average ${os.loadavg()[0].toFixed(1)}`);
      for (const rung of rungs) console.log(`  ${rung.rung.padEnd(5)} ${rung.size.padEnd(9)} ${String(rung.bytes).padStart(9)} bytes  ${String(rung.bytesPerSecond).padStart(7)} B/s  (${rung.kbps} kbit/s)`);
      const detail = `${encodeSeconds.toFixed(2)} s for ${SECONDS} s (${ratio.toFixed(2)}x; CPU ${cpuSeconds.toFixed(1)} s); ${rungs.map((rung) => `${rung.rung} ${Math.round(rung.bytesPerSecond / 1024)} KiB/s`).join(", ")}`;
      return { name: "media-ladder", encodeSeconds, cpuSeconds, clipSeconds: probe.durationSeconds, encodeRatio: ratio, threads, rungs, budget: { maxRatio: 1 }, pass, detail };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};

/** CPU seconds (user + system) of this process's finished children, from /proc (Linux): cutime and cstime. */
function childCpuSeconds() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // The fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticksPerSecond = 100;
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
}
