// Issue #14, bounded memory at 100k products: a store of BENCH_MEMORY_PRODUCTS (100,000) bench
// products (lib/catalogue-data.mjs, as the feed's scale check loads them), a server warmed the way
// traffic warms it (new visitors' feed pages, which build the feed's order and prefill its cards,
// decision 110; random products by id, on top of the catalogue cache's own prefill, decisions 030,
// 103), then the server's resident set and V8 heap from its own /metrics, once they have settled.
// Budget: the warm-up grows the heap by less than 150 MB (the feed's cards and the catalogue cache
// are bounded, so the catalogue's size must not show); RSS is reported, and judged against the
// 350 MB store budget only on PGlite, where the database lives in the same process. Every sample
// follows a full collection (lib/gc-on-signal.mjs), so the heap figures are what the caches hold.
import os from "node:os";
import { fileURLToPath } from "node:url";
import { insertCatalogue } from "../lib/catalogue-data.mjs";
import { startServer } from "../lib/processes.mjs";
import { createStore } from "../lib/store.mjs";

const PRODUCTS = Number(process.env.BENCH_MEMORY_PRODUCTS ?? 100_000);
const BUDGET = { heapGrowthMb: 150, rssMb: 350 };
const FEED_PAGES = 300;
const PRODUCT_READS = 3000;
const SETTLE_MAX_MS = 180_000;

const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const GC_ON_SIGNAL = ["--expose-gc", "--import", fileURLToPath(new URL("../lib/gc-on-signal.mjs", import.meta.url))];

/** A full collection in the server, then a moment for it to run before the next sample. */
async function collectGarbage(server) {
  process.kill(server.pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** The server's RSS and heap in MB, from its Prometheus metrics (loopback clients need no token). */
async function memoryOf(baseUrl) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return {
    rssMb: mb(value("process_resident_memory_bytes")),
    heapUsedMb: mb(value("nodejs_heap_size_used_bytes")),
    heapTotalMb: mb(value("nodejs_heap_size_total_bytes")),
    // Memory V8 tracks outside its heap: buffers (the feed's packed cards, held answers) and, on
    // PGlite, the database's WebAssembly memory, which only grows (decision 106).
    externalMb: mb(value("nodejs_external_memory_bytes")),
  };
}

async function warm(baseUrl, productIds) {
  for (let page = 0; page < FEED_PAGES; page += 1) {
    const response = await fetch(`${baseUrl}/api/feed?seed=memory-${page}&limit=10`);
    if (!response.ok) throw new Error(`feed answered ${response.status}`);
    await response.arrayBuffer();
  }
  for (let read = 0; read < PRODUCT_READS; read += 1) {
    const id = productIds[Math.floor(Math.random() * productIds.length)];
    const response = await fetch(`${baseUrl}/api/products/${id}`);
    if (!response.ok) throw new Error(`product ${id} answered ${response.status}`);
    await response.arrayBuffer();
  }
}

/** Samples every 2 s until the heap moved by less than 2 MB three times in a row (the background prefills ended). */
async function settled(server) {
  const started = Date.now();
  await collectGarbage(server);
  let last = await memoryOf(server.baseUrl);
  let quiet = 0;
  while (quiet < 3 && Date.now() - started < SETTLE_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await collectGarbage(server);
    const now = await memoryOf(server.baseUrl);
    quiet = Math.abs(now.heapUsedMb - last.heapUsedMb) < 2 ? quiet + 1 : 0;
    last = now;
  }
  return { ...last, settledAfterS: Math.round((Date.now() - started) / 1000) };
}

export default {
  name: "memory",
  description: `Server RSS and heap with ${PRODUCTS} products, feed and catalogue caches warmed`,
  async run({ root, port }) {
    const store = await createStore();
    try {
      // The first start migrates the empty database (slow on a loaded machine).
      await (await startServer({ root, store, port, timeoutMs: 300_000 })).stop();
      console.log(`memory: inserting ${PRODUCTS} products (${store.kind})…`);
      const insertStarted = Date.now();
      const { productIds } = await insertCatalogue(store, PRODUCTS);
      console.log(`memory: inserted in ${Math.round((Date.now() - insertStarted) / 1000)} s`);
      const server = await startServer({ root, store, port, timeoutMs: 300_000, nodeArgs: GC_ON_SIGNAL });
      try {
        await collectGarbage(server);
        const idle = await memoryOf(server.baseUrl);
        await warm(server.baseUrl, productIds);
        const first = await settled(server);
        // A second round over other products: a bounded cache holds its size instead of growing.
        await warm(server.baseUrl, productIds);
        const warmed = await settled(server);
        const heapGrowthMb = warmed.heapUsedMb - idle.heapUsedMb;
        const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
        const rssPass = store.kind !== "pglite" || warmed.rssMb <= BUDGET.rssMb;
        const pass = heapGrowthMb < BUDGET.heapGrowthMb && rssPass;
        const detail =
          `${PRODUCTS} products on ${store.kind}: idle RSS ${idle.rssMb} MB, heap ${idle.heapUsedMb} MB; warmed RSS ${first.rssMb} → ${warmed.rssMb} MB, ` +
          `heap ${first.heapUsedMb} → ${warmed.heapUsedMb} MB (of ${warmed.heapTotalMb} MB), outside the heap ${idle.externalMb} → ${warmed.externalMb} MB, heap growth ${heapGrowthMb} MB (load average ${loadAverage.join(" ")})`;
        console.log(`memory: ${detail}  ${pass ? "PASS" : "FAIL"} (heap growth < ${BUDGET.heapGrowthMb} MB${store.kind === "pglite" ? `, RSS ≤ ${BUDGET.rssMb} MB` : ""})`);
        return { name: "memory", products: PRODUCTS, idle, first, warmed, heapGrowthMb, loadAverage, budget: BUDGET, pass, detail };
      } finally {
        await server.stop();
      }
    } finally {
      await store.cleanup();
    }
  },
};
