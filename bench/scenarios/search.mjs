// Search at scale (issue #16, decision 140): GET /api/search on catalogues of 1,000 and 100,000
// products named with shop words ("Nova Wireless Black Headphones"), under 20 concurrent
// connections, for one-word, three-word and misspelled queries. Every request carries a distinct
// `n` parameter, so none is answered from the public read cache: this measures the search itself.
// Budgets: p99 <= 50 ms on PostgreSQL, p50 <= 50 ms on PGlite (PGlite runs one query at a time).
// Each query kind is also timed alone (sequential requests), the cost of a search without queueing.
//
//   BENCH_SCENARIOS=search npm run bench
//   BENCH_SCENARIOS=search BENCH_DB=postgres npm run bench
//   BENCH_SEARCH_SIZES=100000 BENCH_DURATION=5 ...   other catalogue sizes, shorter runs
//   BENCH_SEARCH_BASELINE_ENTRY=apps/server/dist-base/main.js ...   also measure another server bundle
//     on the same catalogue (loaded once), before this one, for a before/after in one session
//   BENCH_SEARCH_ROUNDS=2 ...   measure the baseline and this server alternately, this many times each
//   BENCH_DB=postgres BENCH_SEARCH_DATABASE_URL=postgres://.../db BENCH_SEARCH_SIZES=100000 ...   measure on an
//     existing database that already holds that many bench products (inserting 100k takes 20 min or
//     more), left as it is afterwards
// The server builds its search index in memory after it starts (decision 141); measuring begins once
// its /metrics says the index holds the catalogue (a server without that gauge is measured at once).
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_NOUNS, insertCatalogue } from "../lib/catalogue-data.mjs";
import { cpuMs, startServer } from "../lib/processes.mjs";
import { benchDb, createStore } from "../lib/store.mjs";

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? "1000,100000").split(",").map(Number);
const CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const BUDGET_MS = 50;
const SEQUENTIAL_REQUESTS = 60;
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 1);
/** A fresh PGlite store migrates on its first start, and a 100k one opens slowly: at load 25+ both passed the default 60 s. */
const START_TIMEOUT_MS = 180_000;
/** PostgreSQL serves connections in parallel: its tail counts. PGlite serialises every query: its median does. */
const budgetStat = benchDb === "postgres" ? "p99" : "p50";

const nouns = BENCH_NOUNS.map(([noun]) => noun.toLowerCase());
const anyOf = (values) => values[Math.floor(Math.random() * values.length)];
/** A shopper's slip: two neighbouring letters in the middle of the word swapped ("headhpones"). */
function misspell(word) {
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

/** Three words of titles in the catalogue ("nova black headphones" of "Nova Wireless Black Headphones"). */
let threeWordQueries = [];
const QUERIES = {
  "one-word": () => anyOf(nouns),
  "three-word": () => anyOf(threeWordQueries),
  misspelled: () => misspell(anyOf(nouns.filter((noun) => noun.length >= 5))),
};

let request = 0;
const searchPath = (kind) => `/api/search?q=${encodeURIComponent(QUERIES[kind]())}&n=${(request += 1)}`;

async function sampleTitles(baseUrl) {
  const response = await fetch(`${baseUrl}/api/products?limit=100`);
  const { items } = await response.json();
  return items.map(({ title }) => {
    const [series, , colour, noun] = title.toLowerCase().split(" ");
    return `${series} ${colour} ${noun}`;
  });
}

function load(baseUrl, kind, durationS) {
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: searchPath(kind) }) }],
  });
}

/** One request at a time: the cost of a search itself, without queueing behind 19 others (as feed-scale measures). */
async function sequentialMedian(baseUrl, kind) {
  const samples = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${searchPath(kind)}`);
    const body = await response.json();
    samples.push(performance.now() - started);
    if (!response.ok || !body.items?.length) throw new Error(`search (${kind}) answered ${response.status} with ${body.items?.length} items`);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)] * 10) / 10;
}

async function measureKind(server, kind) {
  const sequentialMedianMs = await sequentialMedian(server.baseUrl, kind);
  await load(server.baseUrl, kind, WARMUP_S);
  const cpuBefore = cpuMs(server.pid);
  const result = await load(server.baseUrl, kind, DURATION_S);
  const cpuAfter = cpuMs(server.pid);
  return {
    kind,
    sequentialMedianMs,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    serverCpuMsPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 100) / 100,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A gauge's value from the server's /metrics (loopback), or undefined when it has no such gauge. */
async function gauge(baseUrl, name) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(" ")[1]);
}

/** Waits until the server's search index in memory holds the catalogue; its build time and size. */
async function indexReady(baseUrl, products) {
  const started = performance.now();
  for (;;) {
    const held = await gauge(baseUrl, "search_index_products");
    if (held === undefined) return undefined;
    if (held >= products) {
      return { buildS: Math.round((performance.now() - started) / 100) / 10, megabytes: Math.round((await gauge(baseUrl, "search_index_bytes")) / 1e5) / 10 };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function measureServer(root, store, port, products, entry) {
  const label = entry ? "baseline" : "server";
  const server = await startServer({ root, store, port, timeoutMs: START_TIMEOUT_MS, ...(entry ? { entry } : {}) });
  try {
    const index = await indexReady(server.baseUrl, products);
    if (index) console.log(`search ${label}: index in memory of ${products} products ready ${index.buildS} s after start, ~${index.megabytes} MB`);
    if (!threeWordQueries.length) threeWordQueries = await sampleTitles(server.baseUrl);
    const kinds = [];
    for (const kind of Object.keys(QUERIES)) {
      const measured = await measureKind(server, kind);
      const pass = measured[`${budgetStat}Ms`] <= BUDGET_MS && measured.non2xx === 0 && measured.errors === 0;
      console.log(
        `search ${label.padEnd(8)} ${kind.padEnd(10)} @ ${String(products).padStart(6)}: alone median ${measured.sequentialMedianMs} ms | ${CONNECTIONS} connections ${String(measured.requestsPerSecond).padStart(5)} req/s  p50 ${measured.p50Ms} ms  p99 ${measured.p99Ms} ms  server CPU ${measured.serverCpuMsPerRequest ?? "-"} ms/request` +
          `  ${pass ? "PASS" : "FAIL"} (${budgetStat} <= ${BUDGET_MS} ms)${measured.non2xx || measured.errors ? `  non2xx ${measured.non2xx} errors ${measured.errors}` : ""}`,
      );
      kinds.push({ ...measured, pass });
    }
    return { index, kinds };
  } finally {
    await server.stop();
  }
}

/** BENCH_SEARCH_DATABASE_URL: a database with the catalogue already inserted, kept after the run (only the data directory is removed). */
function existingStore(url) {
  if (benchDb !== "postgres" || SIZES.length !== 1) throw new Error("BENCH_SEARCH_DATABASE_URL needs BENCH_DB=postgres and the catalogue's size alone in BENCH_SEARCH_SIZES");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-bench-data-"));
  return {
    kind: "postgres",
    dataDir,
    url,
    env: { DATA_DIR: dataDir, DATABASE_URL: url, AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0" },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function atSize(root, port, products) {
  const existing = process.env.BENCH_SEARCH_DATABASE_URL;
  const store = existing ? existingStore(existing) : await createStore();
  try {
    let insertS;
    if (!existing) {
      await (await startServer({ root, store, port, timeoutMs: START_TIMEOUT_MS })).stop();
      const started = performance.now();
      await insertCatalogue(store, products, { words: true });
      insertS = Math.round((performance.now() - started) / 100) / 10;
      console.log(`search: ${products} products inserted and indexed in ${insertS} s (${benchDb})`);
    }
    threeWordQueries = [];
    const baselineEntry = process.env.BENCH_SEARCH_BASELINE_ENTRY;
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = baselineEntry ? await measureServer(root, store, port, products, baselineEntry) : undefined;
      const { index, kinds } = await measureServer(root, store, port, products);
      rounds.push({ index, kinds, ...(baseline ? { baseline: baseline.kinds } : {}) });
    }
    return { products, insertS, ...rounds[0], ...(ROUNDS > 1 ? { rounds } : {}) };
  } finally {
    await store.cleanup();
  }
}

export default {
  name: "search",
  description: `GET /api/search at ${SIZES.join(" and ")} products, ${CONNECTIONS} connections, one-word, three-word and misspelled queries`,
  async run({ root, port }) {
    const sizes = [];
    for (const products of SIZES) sizes.push(await atSize(root, port, products));
    const first = sizes[0];
    const last = sizes.at(-1);
    if (sizes.length > 1) {
      for (const kind of Object.keys(QUERIES)) {
        const small = first.kinds.find((entry) => entry.kind === kind);
        const large = last.kinds.find((entry) => entry.kind === kind);
        console.log(
          `search ${kind.padEnd(10)} ${last.products}/${first.products}: alone median ratio ${(large.sequentialMedianMs / small.sequentialMedianMs).toFixed(2)}, ${CONNECTIONS}-connection p50 ratio ${(large.p50Ms / small.p50Ms).toFixed(2)}`,
        );
      }
    }
    const pass = sizes.every((size) => (size.rounds ?? [size]).every((round) => round.kinds.every((kind) => kind.pass)));
    const detail = last.kinds.map((kind) => `${kind.kind} ${budgetStat} ${kind[`${budgetStat}Ms`]} ms`).join(", ");
    return { name: "search", description: this.description, sizes, budget: { [`${budgetStat}Ms`]: BUDGET_MS, connections: CONNECTIONS }, detail: `@${last.products}: ${detail}`, pass };
  },
};
