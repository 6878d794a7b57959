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
    return undefined; // optional dependency, not installed
  }
}

async function probeVersion(binary: string): Promise<string | null> {
  try {
    const { stdout } = await run(binary, ["-hide_banner", "-version"], { timeoutMs: 10_000 });
    const firstLine = stdout.split("\n")[0]?.trim();
    return firstLine?.startsWith("ffmpeg version") ? firstLine : null;
  } catch {
    return null;
  }
}

export class FfmpegError extends Error {}

/** Runs ffmpeg to completion at low priority; the error carries the tail of its log. */
export async function runFfmpeg(ffmpeg: Ffmpeg, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<void> {
  await run(ffmpeg.path, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args], {
    cwd: options.cwd,
    timeoutMs: options.timeoutMs ?? 120_000,
    niceness: ENCODER_NICENESS,
  });
}

function run(
  binary: string,
  args: string[],
  options: { cwd?: string; timeoutMs: number; niceness?: number },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    if (options.niceness && child.pid) {
      try {
        os.setPriority(child.pid, options.niceness);
      } catch {
        // Not permitted on some systems; the encode still works at normal priority.
      }
    }
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    // Only the tail matters for an error message; keep memory bounded on chatty builds.
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new FfmpegError(`${path.basename(binary)} exited with ${signal ?? code}: ${stderr.trim() || "(no output)"}`));
    });
  });
}

/** The TTF drawtext and sharp's text renderer use: a fresh machine may have no system fonts at all. */
export function demoFontFile(weight: "regular" | "bold" = "bold"): string {
  const root = path.dirname(requireFromHere.resolve("dejavu-fonts-ttf/package.json"));
  return path.join(root, "ttf", weight === "bold" ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf");
}
