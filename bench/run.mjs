// API benchmarks (DESIGN.md, Budgets). A load scenario (one with `path`) runs against the built
// server on a fresh database filled with bench data, then against a bare node:http server answering
// the same bytes, and is judged on p99 latency and on throughput relative to the bare server. A
// scenario may add `scale()` (measured on catalogues of its own) or be a `run()` of its own
// (first start). Ends with PASS/FAIL per budget; the exit code is 1 when any budget is missed.
//
//   npm run bench                      every scenario, 1,000 products, 8 s each, embedded PGlite
//   BENCH_DB=postgres npm run bench    the same on fresh databases on PostgreSQL (DATABASE_URL names
//                                      the server; default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SCENARIOS=product-by-id BENCH_PRODUCTS=100000 BENCH_DURATION=5 npm run bench
//   BENCH_SKIP_BUILD=1 npm run bench   reuse apps/server/dist as it is
//   BENCH_PORT=3401                    the port the bench servers listen on (default: any free one;
//                                      the feed's scale check also takes the next one)
//   BENCH_SKIP_SCALE=1                 skip the catalogue-size checks (feed 1k vs 100k)
//   BENCH_SERVER_ENTRY=apps/server/dist-base/main.js   run another server bundle (a baseline)
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { insertCatalogue } from "./lib/catalogue-data.mjs";
import { cpuMs, freePort, startBareServer, startServer } from "./lib/processes.mjs";
import { benchDb, createStore } from "./lib/store.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const settings = {
  products: Number(process.env.BENCH_PRODUCTS ?? 1000),
  durationS: Number(process.env.BENCH_DURATION ?? 8),
  warmupS: 2,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  only: process.env.BENCH_SCENARIOS?.split(",").filter(Boolean),
  db: benchDb,
};

async function loadScenarios() {
  const files = readdirSync(path.join(here, "scenarios")).filter((file) => file.endsWith(".mjs")).sort();
  const scenarios = [];
  for (const file of files) scenarios.push((await import(pathToFileURL(path.join(here, "scenarios", file)).href)).default);
  return settings.only ? scenarios.filter((scenario) => settings.only.includes(scenario.name)) : scenarios;
}

function load(baseUrl, scenario, data, durationS) {
  return autocannon({
    url: baseUrl,
    connections: settings.connections,
    duration: durationS,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: scenario.path(data) }) }],
  });
}

/**
 * The measured window's throughput and latency, and what each request cost the server's process in
 * CPU (user and system, from /proc): the ratio to bare moves with whatever else shares the machine,
 * the CPU per request far less, so a before/after is read on it too.
 */
async function measure(baseUrl, pid, scenario, data) {
  await load(baseUrl, scenario, data, settings.warmupS);
  const cpuBefore = cpuMs(pid);
  const result = await load(baseUrl, scenario, data, settings.durationS);
  const cpuAfter = cpuMs(pid);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMicrosPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total),
  };
}

async function runScenario(scenario, data, { baseUrl, pid }, workDir) {
  const sample = await fetch(`${baseUrl}${scenario.path(data)}`);
  const body = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`${scenario.name}: ${sample.status} ${body.toString("utf8").slice(0, 200)}`);
  const bodyFile = path.join(workDir, `${scenario.name}.json`);
  writeFileSync(bodyFile, body);

  const server = await measure(baseUrl, pid, scenario, data);
  const bare = await startBareServer(root, bodyFile);
  let reference;
  try {
    reference = await measure(bare.baseUrl, bare.pid, scenario, data);
  } finally {
    await bare.stop();
  }
  const ratio = Math.round((server.requestsPerSecond / reference.requestsPerSecond) * 100) / 100;
  const pass = server.p99Ms < scenario.budget.p99Ms && ratio >= scenario.budget.minRatio && server.non2xx === 0 && server.errors === 0;
  return { name: scenario.name, description: scenario.description, responseBytes: body.length, server, bare: reference, ratio, budget: scenario.budget, pass };
}

function report(result) {
  const { server, bare } = result;
  console.log(
    `${result.name.padEnd(22)} ${String(server.requestsPerSecond).padStart(6)} req/s  p50 ${String(server.p50Ms).padStart(3)} ms  p99 ${String(server.p99Ms).padStart(3)} ms` +
      `  | bare ${String(bare.requestsPerSecond).padStart(6)} req/s  ratio ${result.ratio.toFixed(2)}  | ${result.responseBytes} B` +
      (server.cpuMicrosPerRequest === undefined ? "" : `  | CPU ${server.cpuMicrosPerRequest} µs/req, bare ${bare.cpuMicrosPerRequest}`) +
      `  ${result.pass ? "PASS" : "FAIL"} (p99 < ${result.budget.p99Ms} ms, ratio >= ${result.budget.minRatio})` +
      (server.non2xx || server.errors ? `  non2xx ${server.non2xx} errors ${server.errors}` : ""),
  );
}

function summary(results) {
  console.log(`\nbudgets (${settings.db}, ${settings.products} products, ${settings.connections} connections):`);
  for (const result of results) {
    const detail = result.server
      ? `p99 ${result.server.p99Ms} ms, ${result.server.requestsPerSecond} req/s = ${result.ratio.toFixed(2)}x bare`
      : result.ratio !== undefined
        ? `100k/1k median ${result.ratio.toFixed(2)}`
        : result.healthyAfterMs !== undefined
          ? `healthy after ${result.healthyAfterMs} ms`
          : (result.detail ?? "");
    console.log(`  ${result.pass ? "PASS" : "FAIL"}  ${result.name.padEnd(22)} ${detail}`);
  }
}

async function main() {
  const startedAt = new Date().toISOString();
  const scenarios = await loadScenarios();
  if (!scenarios.length) throw new Error("no scenario matches BENCH_SCENARIOS");
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    console.log("building…");
    execFileSync("flock", ["/tmp/build.lock", process.execPath, "scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  }

  const workDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-bench-"));
  // BENCH_PORT pins the servers' port (a shared machine hands each user a range); otherwise any free one.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const results = [];
  try {
    const underLoad = scenarios.filter((scenario) => scenario.path);
    if (underLoad.length) {
      const store = await createStore();
      try {
        // The first start migrates the empty database; bench data goes in while no server holds it.
        await (await startServer({ root, store, port })).stop();
        console.log(`inserting ${settings.products} products (${settings.db})…`);
        const data = await insertCatalogue(store, settings.products);
        const server = await startServer({ root, store, port });
        try {
          for (const scenario of underLoad) {
            const result = await runScenario(scenario, data, server, workDir);
            report(result);
            results.push(result);
          }
        } finally {
          await server.stop();
        }
      } finally {
        await store.cleanup();
      }
    }
    // A scenario may also measure on catalogues of its own (the feed's 1k vs 100k check), or be a
    // measurement of its own entirely (first start).
    for (const scenario of scenarios) if (scenario.scale && process.env.BENCH_SKIP_SCALE !== "1") results.push(await scenario.scale({ root, port }));
    for (const scenario of scenarios) if (scenario.run) results.push(await scenario.run({ root, port }));

    summary(results);
    if (results.some((result) => !result.pass)) process.exitCode = 1;
    mkdirSync(path.join(here, "results"), { recursive: true });
    const file = path.join(here, "results", `${startedAt.replace(/[:.]/g, "-")}.json`);
    const machine = { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg() };
    writeFileSync(file, `${JSON.stringify({ startedAt, finishedAt: new Date().toISOString(), settings, machine, results }, null, 2)}\n`);
    console.log(`results: ${path.relative(root, file)}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
