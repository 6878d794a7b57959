import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { MediaCache } from "./cache.ts";
import { type Ffmpeg, demoFontFile, escapeFilterValue, runFfmpeg } from "./ffmpeg.ts";

/** Vertical renditions, master first; every one is H.264 High + AAC, yuv420p, faststart. */
export const VIDEO_RENDITIONS = [
  { width: 720, height: 1280, name: "720" },
  { width: 480, height: 854, name: "480" },
  { width: 240, height: 426, name: "240" },
] as const;

export const MASTER_RENDITION = VIDEO_RENDITIONS[0]!;
/** Poster frame time: the spec's thumbnail frame is at 1 s (001 §9). */
export const POSTER_AT_SECONDS = 1;
const FRAME_RATE = 30;

export interface DemoVideoSpec {
  /** Drawn large (the product name); wrapped onto at most two lines. */
  title: string;
  /** A smaller second line (price, "Customer video"...). */
  caption: string;
  /** Background and accent colours, #rrggbb. */
  colors: [string, string];
  durationSeconds: number;
  toneHz: number;
}

export interface EncodedVideo {
  renditions: Array<{ width: number; height: number; file: string }>;
  poster: string;
  durationSeconds: number;
}

/** File names inside a cache entry. */
const renditionFile = (name: string) => `${name}.mp4`;
const POSTER_FILE = "thumbnail.jpg";

/**
 * A demo product video: an animated background in the product's colours with its name drawn on,
 * a tone for audio, encoded once at 720x1280 and scaled to 480p and 240p in the same ffmpeg pass
 * (the source is generated once), plus a JPEG poster. Reuses the cache entry when one exists.
 */
export async function renderDemoVideo(ffmpeg: Ffmpeg, cache: MediaCache, spec: DemoVideoSpec, options: { threads?: number } = {}): Promise<EncodedVideo> {
  if (spec.durationSeconds < 1 || spec.durationSeconds > 60) throw new RangeError("durationSeconds must be between 1 and 60");
  const dir = await cache.getOrCreate({ kind: "demo-video", spec, renditions: VIDEO_RENDITIONS, ffmpeg: ffmpeg.version }, async (out) => {
    await writeFile(path.join(out, "title.txt"), wrapTitle(spec.title));
    await writeFile(path.join(out, "caption.txt"), spec.caption);
    await runFfmpeg(ffmpeg, demoVideoArgs(spec, out, options.threads ?? 1), { cwd: out });
  });
  return {
    renditions: VIDEO_RENDITIONS.map(({ width, height, name }) => ({ width, height, file: path.join(dir, renditionFile(name)) })),
    poster: path.join(dir, POSTER_FILE),
    durationSeconds: spec.durationSeconds,
  };
}

function demoVideoArgs(spec: DemoVideoSpec, out: string, threads: number): string[] {
  const { width, height } = MASTER_RENDITION;
  const d = spec.durationSeconds;
  const [background, accent] = spec.colors.map((hex) => `0x${hex.replace(/^#/, "")}`);
  const font = escapeFilterValue(demoFontFile("bold"));
  const file = (name: string) => escapeFilterValue(path.join(out, name));
  const box = Math.round(width * 0.55);
  const graph = [
    // A square in the accent colour drifts on a Lissajous path while the hue slowly turns.
    `[0:v][1:v]overlay=x='(W-w)/2+(W/3)*sin(t*1.3)':y='(H-h)/2+(H/4)*cos(t*0.9)',hue=h='t*24'`,
    `drawtext=fontfile=${font}:textfile=${file("title.txt")}:fontsize=52:line_spacing=12:fontcolor=white:x=(w-tw)/2:y=h*0.62:box=1:boxcolor=black@0.45:boxborderw=20`,
    `drawtext=fontfile=${font}:textfile=${file("caption.txt")}:fontsize=36:fontcolor=white:x=(w-tw)/2:y=h*0.84:shadowcolor=black@0.6:shadowx=2:shadowy=2`,
    `format=yuv420p,split=${VIDEO_RENDITIONS.length + 1}${VIDEO_RENDITIONS.map((r) => `[v${r.name}]`).join("")}[poster]`,
  ].join(",");
  const scaled = VIDEO_RENDITIONS.slice(1)
    .map((r) => `[v${r.name}]scale=${r.width}:${r.height}:flags=bicubic[s${r.name}]`)
    .join(";");
  const posterChain = `[poster]trim=start=${POSTER_AT_SECONDS},setpts=PTS-STARTPTS[p]`;
  const args = [
    "-f", "lavfi", "-i", `color=c=${background}:s=${width}x${height}:r=${FRAME_RATE}:d=${d}`,
    "-f", "lavfi", "-i", `color=c=${accent}:s=${box}x${box}:r=${FRAME_RATE}:d=${d}`,
    "-f", "lavfi", "-i", `sine=frequency=${spec.toneHz}:sample_rate=44100:duration=${d},volume=0.25`,
    "-filter_complex", `${graph};${scaled};${posterChain}`,
  ];
  for (const rendition of VIDEO_RENDITIONS) {
    const pad = rendition === MASTER_RENDITION ? `[v${rendition.name}]` : `[s${rendition.name}]`;
    args.push(
      "-map", pad, "-map", "2:a",
      "-c:v", "libx264", "-profile:v", "high", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
      "-g", String(FRAME_RATE * 2), "-threads", String(threads),
      "-c:a", "aac", "-b:a", rendition.height >= 854 ? "96k" : "64k",
      // moov before mdat: playback starts before the whole file has downloaded.
      "-movflags", "+faststart",
      renditionFile(rendition.name),
    );
  }
  args.push("-map", "[p]", "-frames:v", "1", "-q:v", "3", POSTER_FILE);
  return args;
}

/** Breaks a title onto at most two lines of about 20 characters so it fits 720 px at 52 px. */
export function wrapTitle(title: string, maxLine = 20): string {
  const lines: string[] = [];
  let line = "";
  for (const word of title.trim().split(/\s+/)) {
    if (line && (line + " " + word).length > maxLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.length <= 2 ? lines.join("\n") : `${lines[0]}\n${lines.slice(1).join(" ")}`;
}
