import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export interface Ffmpeg {
  /** Path or command name of a working ffmpeg binary. */
  path: string;
  /** First line of `ffmpeg -version`: part of every cache key, since another build encodes differently. */
  version: string;
  source: "FFMPEG_PATH" | "system" | "npm";
}

const requireFromHere = createRequire(import.meta.url);

/** ffmpeg runs below the server's priority so encoding never slows the requests the app is answering. */
const ENCODER_NICENESS = 10;

/**
 * Finds a working ffmpeg: FFMPEG_PATH, then `ffmpeg` on PATH, then the optional npm build
 * (@ffmpeg-installer/ffmpeg, if installed). Each candidate must answer `-version`. Null when none works.
 */
export async function locateFfmpeg(configuredPath: string | undefined): Promise<Ffmpeg | null> {
  const candidates: Array<{ path: string; source: Ffmpeg["source"] }> = [];
  if (configuredPath) candidates.push({ path: configuredPath, source: "FFMPEG_PATH" });
  candidates.push({ path: "ffmpeg", source: "system" });
  const npmBinary = npmFfmpegPath();
  if (npmBinary) candidates.push({ path: npmBinary, source: "npm" });
  for (const candidate of candidates) {
    const version = await probeVersion(candidate.path);
    if (version) return { ...candidate, version };
  }
  return null;
}

const located = new Map<string, Promise<Ffmpeg | null>>();

/** locateFfmpeg, asked once per configured path for the life of the process. */
export function findFfmpeg(configuredPath: string | undefined): Promise<Ffmpeg | null> {
  const key = configuredPath ?? "";
  let found = located.get(key);
  if (!found) {
    found = locateFfmpeg(configuredPath);
    located.set(key, found);
  }
  return found;
}

export const FFMPEG_MISSING_MESSAGE = "ffmpeg not found: demo videos skipped; set FFMPEG_PATH or install ffmpeg";

function npmFfmpegPath(): string | undefined {
  try {
    const installer = requireFromHere("@ffmpeg-installer/ffmpeg") as { path?: unknown };
    return typeof installer.path === "string" ? installer.path : undefined;
  } catch {
    return undefined; // swallowed: an optional dependency, not installed
  }
}

async function probeVersion(binary: string): Promise<string | null> {
  try {
    const { stdout } = await run(binary, ["-hide_banner", "-version"], { total: { ms: 10_000 } });
    const firstLine = stdout.split("\n")[0]?.trim();
    return firstLine?.startsWith("ffmpeg version") ? firstLine : null;
  } catch {
    // swallowed: a binary that will not run is no ffmpeg; the caller says what to install.
    return null;
  }
}

export class FfmpegError extends Error {
  /** ffmpeg did not end by itself: a limit below killed it, or a signal from outside (the OOM killer, an operator). */
  readonly stopped: boolean;
  constructor(message: string, stopped: boolean) {
    super(message);
    this.stopped = stopped;
  }
}

/**
 * An encode is killed when ffmpeg has reported no progress for this long. On a busy machine a
 * healthy encode can take many minutes of wall time while it keeps reporting; a hung one (a
 * stalled input, a stuck filter, a stopped process) stops. ffmpeg 7 prints its reports on a
 * timer even while its input stalls, and a stuck filter can keep reporting the same time, so
 * callers that know how long a run should take also give it a time limit (transcode.ts).
 */
const ENCODER_STALL_MS = 120_000;

export interface FfmpegRunOptions {
  cwd?: string;
  /** Called with the seconds of output encoded so far, as ffmpeg reports them (about twice a second). */
  onProgress?: (encodedSeconds: number) => void;
  stallMs?: number;
  /** The longest the whole run may take, and what that allowance was for (it goes into the error). */
  timeLimit?: { ms: number; allowedFor: string };
}

/** Runs ffmpeg to completion at low priority; the error carries the tail of its log. */
export async function runFfmpeg(ffmpeg: Ffmpeg, args: string[], options: FfmpegRunOptions = {}): Promise<void> {
  let pending = "";
  await run(ffmpeg.path, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-progress", "pipe:1", "-nostats", ...args], {
    cwd: options.cwd,
    silenceMs: options.stallMs ?? ENCODER_STALL_MS,
    total: options.timeLimit,
    niceness: ENCODER_NICENESS,
    onStdout: (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) options.onProgress?.(Number(match[1]) / 1e6);
      }
    },
  });
}

interface RunOptions {
  cwd?: string;
  /** The run may go this long without writing to stdout. */
  silenceMs?: number;
  /** The run may take this long in all. */
  total?: { ms: number; allowedFor?: string };
  niceness?: number;
  /** Receives stdout as it comes instead of collecting it. */
  onStdout?: (chunk: string) => void;
}

const wholeSeconds = (ms: number) => Math.round(ms / 1000);

function run(binary: string, args: string[], options: RunOptions): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    if (options.niceness && child.pid) {
      try {
        os.setPriority(child.pid, options.niceness);
      } catch {
        // swallowed: not permitted on some systems; the encode still works at normal priority.
      }
    }
    let stdout = "";
    let stderr = "";
    let killedBecause: string | undefined;
    const kill = (because: string) => {
      killedBecause ??= because;
      child.kill("SIGKILL");
    };
    const { silenceMs, total } = options;
    const silenceTimer = silenceMs === undefined ? undefined : setTimeout(() => kill(`reported no progress for ${wholeSeconds(silenceMs)} s`), silenceMs);
    const totalTimer =
      total === undefined
        ? undefined
        : setTimeout(() => kill(`took longer than the ${wholeSeconds(total.ms)} s allowed${total.allowedFor ? ` for ${total.allowedFor}` : ""}`), total.ms);
    const clearTimers = () => {
      clearTimeout(silenceTimer);
      clearTimeout(totalTimer);
    };
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      silenceTimer?.refresh();
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    // Only the tail matters for an error message; keep memory bounded on chatty builds.
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on("error", (error) => {
      clearTimers();
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimers();
      if (code === 0) resolve({ stdout, stderr });
      else {
        const outcome = killedBecause ? `was stopped: it ${killedBecause}` : `exited with ${signal ?? code}`;
        reject(new FfmpegError(`${path.basename(binary)} ${outcome}: ${stderr.trim() || "(no output)"}`, signal !== null));
      }
    });
  });
}

/** The TTF drawtext and sharp's text renderer use: a fresh machine may have no system fonts at all. */
export function demoFontFile(weight: "regular" | "bold" = "bold"): string {
  const root = path.dirname(requireFromHere.resolve("dejavu-fonts-ttf/package.json"));
  return path.join(root, "ttf", weight === "bold" ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf");
}
