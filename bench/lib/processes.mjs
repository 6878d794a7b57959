import { fork, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";

async function waitForHealth(baseUrl, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // swallowed: not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms`);
}

/** node's argv for a bench server: the shipped V8 flags (or BENCH_SERVER_NODE_ARGS), `nodeArgs`, the entry. */
export function serverNodeArgs({ nodeArgs = [], entry, environment = process.env }) {
  const flags = environment.BENCH_SERVER_NODE_ARGS === undefined ? SERVER_NODE_FLAGS : environment.BENCH_SERVER_NODE_ARGS.split(" ").filter(Boolean);
  return [...flags, ...nodeArgs, entry];
}

/**
 * The built server (apps/server/dist/main.js, or BENCH_SERVER_ENTRY: another bundle to compare
 * against in the same run) on a port of its own, on `store` (lib/store.mjs); resolves once it
 * answers /api/health, with how long that took. The server runs with the V8 flags it ships with
 * (scripts/server-node-flags.mjs), or those BENCH_SERVER_NODE_ARGS lists (space-separated; empty
 * for V8's defaults); `nodeArgs` go after them, before the entry.
 */
export async function startServer({ root, store, port, env = {}, timeoutMs, nodeArgs = [], entry = process.env.BENCH_SERVER_ENTRY ?? "apps/server/dist/main.js" }) {
  const started = performance.now();
  // The store decides the database: an inherited DATABASE_URL must not point a PGlite run elsewhere.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, serverNodeArgs({ nodeArgs, entry }), {
    cwd: root,
    env: { ...inherited, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SEED_DEMO: "false", LOG_LEVEL: "warn", MEDIA_WORKERS: "0", ...store.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, timeoutMs);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { baseUrl, pid: child.pid, healthyAfterMs: Math.round(performance.now() - started), stop: () => stop(child) };
}

/** The bare node:http reference server answering `bodyFile`'s bytes. */
export async function startBareServer(root, bodyFile) {
  const child = fork(new URL("./bare-server.mjs", import.meta.url), [bodyFile], { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const [{ port }] = await once(child, "message");
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stop(child) };
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * CPU milliseconds (user + system) process `pid` has used, from /proc (Linux), else undefined. Per
 * request it is what the work costs the server whatever share of a loaded machine it gets, so it
 * moves far less with other processes' load than latency does: with N connections on one thread,
 * p99 cannot be under about N times it.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // utime and stime, in ticks of 10 ms, after the command name (in parentheses, maybe with spaces).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    // swallowed: a process that has exited has no CPU time to read.
    return undefined;
  }
}

/**
 * Resolves once process `pid` has used under `busyMs` of CPU in each of `quietWindows` consecutive
 * one-second windows (the server has finished what it does after a start: building its order, its
 * caches and packed cards), or after `timeoutMs`; with how long that took.
 */
export async function untilIdle(pid, { busyMs = 100, quietWindows = 2, timeoutMs = 300_000 } = {}) {
  const started = performance.now();
  let quiet = 0;
  let last = cpuMs(pid);
  while (quiet < quietWindows && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    quiet = now === undefined || last === undefined || now - last < busyMs ? quiet + 1 : 0;
    last = now;
  }
  return { afterMs: Math.round(performance.now() - started) };
}

/** A port free on loopback right now, for a server of the bench's to listen on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}
