import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Ffmpeg } from "./ffmpeg.ts";

const execFileAsync = promisify(execFile);

export interface VideoProbe {
  /** Display size: coded size with the rotation applied. */
  width: number;
  height: number;
  /** Degrees the player must turn the coded picture (phones store portrait video as rotated landscape). */
  rotation: number;
  durationSeconds: number;
  hasAudio: boolean;
  videoCodec: string;
}

/** ffprobe beside the located ffmpeg binary (system ffmpeg: `ffprobe` on PATH). */
export function ffprobePath(ffmpeg: Ffmpeg): string {
  return ffmpeg.path === "ffmpeg" ? "ffprobe" : path.join(path.dirname(ffmpeg.path), "ffprobe");
}

export class UndecodableMediaError extends Error {}

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { duration?: string };
}

/**
 * Reads a video's streams; throws UndecodableMediaError when ffprobe cannot read it or it has no
 * video stream of a known size.
 */
export async function probeVideo(ffmpeg: Ffmpeg, file: string): Promise<VideoProbe> {
  let json: ProbeJson;
  try {
    const { stdout } = await execFileAsync(ffprobePath(ffmpeg), ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
      timeout: 60_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    json = JSON.parse(stdout) as ProbeJson;
  } catch {
    throw new UndecodableMediaError("The file is not a video we can read");
  }
  const video = json.streams?.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
  if (!video?.width || !video.height) throw new UndecodableMediaError("The file has no video picture");
  const sideRotation = video.side_data_list?.find((data) => typeof data.rotation === "number")?.rotation;
  const rotation = (((sideRotation ?? Number(video.tags?.rotate ?? 0)) % 360) + 360) % 360;
  const quarterTurn = rotation === 90 || rotation === 270;
  const durationSeconds = Number(json.format?.duration ?? video.duration ?? NaN);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new UndecodableMediaError("The video has no duration");
  return {
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    rotation,
    durationSeconds,
    hasAudio: Boolean(json.streams?.some((stream) => stream.codec_type === "audio")),
    videoCodec: video.codec_name ?? "unknown",
  };
}

/**
 * Decodes the last second: a file cut short (a dropped upload glued to a valid header, a damaged
 * copy) reads fine in ffprobe when its index comes first, and fails here. Cheap at any length.
 */
export async function checkDecodesToEnd(ffmpeg: Ffmpeg, file: string): Promise<void> {
  try {
    await execFileAsync(ffmpeg.path, ["-v", "error", "-xerror", "-sseof", "-1", "-i", file, "-f", "null", "-"], { timeout: 60_000 });
  } catch {
    throw new UndecodableMediaError("The video is damaged or incomplete");
  }
}
