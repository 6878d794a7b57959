import path from "node:path";
import { type Ffmpeg, runFfmpeg } from "./ffmpeg.ts";
import { type Rung, ladderFor } from "./ladder.ts";
import type { VideoProbe } from "./probe.ts";

export interface TranscodedVideo {
  renditions: Array<Rung & { file: string; posterFile: string }>;
}

export interface TranscodeOptions {
  threads: number;
  /** Called with 0..1 as ffmpeg reports how far it has encoded. */
  onProgress?: (fraction: number) => void;
  /** ENCODE_TIME_LIMIT unless given (tests give a short one). */
  timeLimit?: EncodeTimeLimit;
}

export interface EncodeTimeLimit {
  floorMs: number;
  perClipSecondPerRungMs: number;
}

/**
 * How long one ladder encode may run before it is ended as hung, besides ffmpeg's no-progress
 * limit: a floor for ffmpeg's start and for short clips, plus time in proportion to the clip for
 * each rung. DESIGN.md's budget is the whole ladder in the clip's own duration on 2 cores; this
 * allows 4x the clip per rung (12x the budget for three rungs), since encodes run niced beside
 * the server and several workers share the cores. A constant, not a setting: it is a bound on a
 * hang, not a tuning knob, and no deployment has a reason to move it.
 */
const ENCODE_TIME_LIMIT: EncodeTimeLimit = { floorMs: 60_000, perClipSecondPerRungMs: 4000 };

export function encodeTimeLimitMs(durationSeconds: number, rungCount: number, limit: EncodeTimeLimit = ENCODE_TIME_LIMIT): number {
  return Math.round(limit.floorMs + durationSeconds * rungCount * limit.perClipSecondPerRungMs);
}

/** The poster frame is taken at 1 s (or the middle of a shorter clip), as the demo videos do. */
const posterTime = (duration: number) => Math.min(1, duration / 2);

/**
 * Encodes the whole ladder in one ffmpeg pass (the source is decoded once, scaled to the top rung,
 * and the smaller rungs scaled from that):
 * H.264 High + AAC, yuv420p, moov first (faststart), the display rotation applied by ffmpeg's
 * autorotate so the files carry none, and a JPEG poster per rung. A source without sound gets a
 * silent AAC track so every rendition has the same shape.
 */
export async function transcodeLadder(ffmpeg: Ffmpeg, source: string, probe: VideoProbe, outDir: string, options: TranscodeOptions): Promise<TranscodedVideo> {
  const rungs = ladderFor(probe.width, probe.height);
  const at = posterTime(probe.durationSeconds);
  // The source is scaled once, to the top rung; the smaller rungs are scaled from that, not from
  // the source: a 1080x1920 phone clip is then resampled at full size once instead of three times.
  // ladderFor always gives at least one rung.
  const [top, ...smaller] = rungs as [Rung, ...Rung[]];
  const rungOutputs = rungs.map((rung) => `[v${rung.name}]`).join("");
  const posterSplits = rungs.map((rung) => `[p${rung.name}]`).join("");
  const graph = [
    `[0:v]fps=fps='min(source_fps,30)',format=yuv420p,split=2[full][posterSource]`,
    `[full]scale=${top.width}:${top.height}:flags=bicubic,setsar=1,split=${rungs.length}${rungOutputs}`,
    `[v${top.name}]null[o${top.name}]`,
    ...smaller.map((rung) => `[v${rung.name}]scale=${rung.width}:${rung.height}:flags=bicubic,setsar=1[o${rung.name}]`),
    `[posterSource]trim=start=${at}:duration=1,setpts=PTS-STARTPTS,split=${rungs.length}${posterSplits}`,
    ...rungs.map((rung) => `[p${rung.name}]scale=${rung.width}:${rung.height},setsar=1[t${rung.name}]`),
  ].join(";");
  const args = ["-i", source];
  if (!probe.hasAudio) args.push("-f", "lavfi", "-t", String(probe.durationSeconds), "-i", "anullsrc=channel_layout=stereo:sample_rate=44100");
  args.push("-filter_complex", graph);
  const audio = probe.hasAudio ? "0:a:0" : "1:a:0";
  const renditions = rungs.map((rung) => ({ ...rung, file: path.join(outDir, `${rung.name}.mp4`), posterFile: path.join(outDir, `${rung.name}-thumbnail.jpg`) }));
  for (const rendition of renditions) {
    args.push(
      "-map", `[o${rendition.name}]`, "-map", audio,
      "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", rendition.name >= 720 ? "23" : "24",
      "-g", "60", "-threads", String(options.threads),
      "-c:a", "aac", "-b:a", rendition.name >= 480 ? "96k" : "64k", "-ac", "2",
      "-movflags", "+faststart", "-shortest",
      rendition.file,
    );
  }
  for (const rendition of renditions) args.push("-map", `[t${rendition.name}]`, "-frames:v", "1", "-q:v", "3", rendition.posterFile);
  await runFfmpeg(ffmpeg, args, {
    onProgress: (seconds) => options.onProgress?.(Math.min(1, seconds / probe.durationSeconds)),
    timeLimit: {
      ms: encodeTimeLimitMs(probe.durationSeconds, rungs.length, options.timeLimit),
      allowedFor: `a ${probe.durationSeconds.toFixed(1)} s clip in ${rungs.length} size${rungs.length === 1 ? "" : "s"}`,
    },
  });
  return { renditions };
}
