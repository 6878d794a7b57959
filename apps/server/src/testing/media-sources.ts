import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";

const run = promisify(execFile);

/**
 * A short test clip made with ffmpeg's lavfi sources (tiny on purpose: the machine has 2 cores).
 * `rotate` stores the picture turned, the way phones record portrait video.
 */
export async function makeTestVideo(
  dir: string,
  name: string,
  options: { width: number; height: number; seconds: number; rotate?: 90 | 270; audio?: boolean; faststart?: boolean },
): Promise<string> {
  const file = path.join(dir, name);
  const args = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", `testsrc2=s=${options.width}x${options.height}:r=30:d=${options.seconds}`];
  if (options.audio !== false) args.push("-f", "lavfi", "-i", `sine=frequency=440:duration=${options.seconds}`);
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
  if (options.audio !== false) args.push("-c:a", "aac", "-shortest");
  if (options.faststart) args.push("-movflags", "+faststart");
  args.push(options.rotate ? `${file}.plain.mp4` : file);
  await run("ffmpeg", args);
  // The rotation goes on as a display matrix by a stream copy, as a phone's recorder writes it.
  if (options.rotate) await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", `${file}.plain.mp4`, "-c", "copy", "-metadata:s:v:0", `rotate=${options.rotate}`, file]);
  return file;
}

/** The first `keep` of a file's bytes: a faststart MP4 cut short still probes, but does not decode. */
export async function truncateCopy(source: string, target: string, keep: number): Promise<string> {
  const bytes = await readFile(source);
  await writeFile(target, bytes.subarray(0, Math.floor(bytes.length * keep)));
  return target;
}

export interface ListeningApp {
  url: string;
  close(): Promise<void>;
}

/** Serves an app over real HTTP on the first free port of the media helper's test range (3141-3149). */
export async function listenInTestRange(app: Hono<any>): Promise<ListeningApp> {
  for (let port = 3141; port <= 3149; port++) {
    const listening = await new Promise<ReturnType<typeof serve> | null>((resolve) => {
      const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
      server.once("listening", () => resolve(server));
      server.once("error", () => resolve(null));
    });
    if (!listening) continue;
    return {
      url: `http://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          (listening as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          listening.close(() => resolve());
        }),
    };
  }
  throw new Error("no free port in 3141-3149");
}
