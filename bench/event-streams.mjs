// Issue #41, slow and hostile clients: what an open event stream costs the server (decision 224).
// Starts the server (from source, so the measurement is of the code in the tree) on a fresh PGlite
// store, opens BENCH_STREAMS (10,000) realtime streams from this process, each following a media's
// comments and counters as a browser's player does, waits until every one has its 'ready', and
// reads the server's resident set and V8 heap (after a full collection) before and after. Prints
// bytes per open stream. 10,000 streams need more than 10,000 file descriptors on both sides: the
// script re-runs itself under `ulimit -n` (BENCH_FD_LIMIT, 20,000) and starts the server so too.
//
//   node bench/event-streams.mjs            # one run
//   BENCH_RUNS=3 node bench/event-streams.mjs
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { freePort, serverNodeArgs } from "./lib/processes.mjs";
import { createStore } from "./lib/store.mjs";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const FD_LIMIT = Number(process.env.BENCH_FD_LIMIT ?? 20_000);
/** Connections being opened at once: a crowd arriving, not one connect storm the kernel's backlog refuses. */
const OPENING_AT_ONCE = 200;
const root = fileURLToPath(new URL("..", import.meta.url));

if (process.env.BENCH_UNDER_ULIMIT !== "1") {
  const shell = `ulimit -n ${FD_LIMIT} && exec "${process.execPath}" "${fileURLToPath(import.meta.url)}"`;
  const { status } = spawnSync("/bin/sh", ["-c", shell], { stdio: "inherit", env: { ...process.env, BENCH_UNDER_ULIMIT: "1" } });
  process.exit(status ?? 1);
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

async function startServer(store, port) {
  const args = serverNodeArgs({ nodeArgs: ["--expose-gc", "--import", "tsx", "--import", fileURLToPath(new URL("./lib/gc-on-signal.mjs", import.meta.url))], entry: "apps/server/src/main.ts" });
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const quoted = args.map((arg) => `"${arg}"`).join(" ");
  const child = spawn("/bin/sh", ["-c", `ulimit -n ${FD_LIMIT} && exec "${process.execPath}" ${quoted}`], {
    cwd: root,
    env: { ...inherited, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SEED_DEMO: "false", LOG_LEVEL: "warn", MEDIA_WORKERS: "0", ...store.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // swallowed: not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not answer /api/health within 120 s");
}

/** The server's RSS and heap after a full collection, from its own /metrics. */
async function memoryOf(server) {
  process.kill(server.child.pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return { rss: value("process_resident_memory_bytes"), heap: value("nodejs_heap_size_used_bytes"), external: value("nodejs_external_memory_bytes") };
}

/** One stream as a browser opens it; resolves with its socket once the server said 'ready'. */
function openStream(port) {
  const media = randomUUID();
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("error", reject);
    socket.write(`GET /api/realtime?topics=comments:${media},counters:${media} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    const onData = (piece) => {
      text += piece;
      if (text.includes("event: ready")) {
        socket.off("data", onData);
        // Reads and drops what comes next (pings), as a browser does.
        socket.on("data", () => {});
        resolve(socket);
      } else if (!text.startsWith("HTTP/1.1 200")) {
        reject(new Error(`stream refused: ${text.slice(0, 120)}`));
      }
    };
    socket.on("data", onData);
  });
}

async function openStreams(port, count) {
  const sockets = [];
  let next = 0;
  const opener = async () => {
    while (next < count) {
      next += 1;
      sockets.push(await openStream(port));
    }
  };
  await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
  return sockets;
}

async function run() {
  const store = await createStore();
  const port = await freePort();
  const server = await startServer(store, port);
  try {
    // A few streams first, so the LISTEN connection and the route's first-use costs are in the baseline.
    const warm = await openStreams(port, 10);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = await memoryOf(server);
    const started = performance.now();
    const sockets = await openStreams(port, STREAMS);
    const openedMs = Math.round(performance.now() - started);
    // Long enough for a round of pings (every 20 s) on every stream.
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    const after = await memoryOf(server);
    const alive = sockets.filter((socket) => !socket.destroyed).length;
    for (const socket of [...warm, ...sockets]) socket.destroy();
    return {
      streams: STREAMS,
      alive,
      openedMs,
      rssBefore: before.rss,
      rssAfter: after.rss,
      rssPerStream: Math.round((after.rss - before.rss) / STREAMS),
      heapPerStream: Math.round((after.heap - before.heap) / STREAMS),
      externalPerStream: Math.round((after.external - before.external) / STREAMS),
    };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    await store.cleanup();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [];
console.log(`event streams: ${STREAMS} per run, ${RUNS} run(s); load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, ${os.cpus().length} cores`);
for (let index = 0; index < RUNS; index++) {
  const result = await run();
  results.push(result);
  console.log(
    `run ${index + 1}: ${result.alive}/${result.streams} open after 25 s (opened in ${result.openedMs} ms); RSS ${mb(result.rssBefore)} -> ${mb(result.rssAfter)} MB, ` +
      `${result.rssPerStream} B/stream RSS, ${result.heapPerStream} B/stream heap, ${result.externalPerStream} B/stream external`,
  );
}
for (const key of ["rssPerStream", "heapPerStream"]) {
  const values = results.map((result) => result[key]);
  console.log(`${key}: median ${median(values)} B, spread ${Math.min(...values)}..${Math.max(...values)} B`);
}
console.log(`load after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
