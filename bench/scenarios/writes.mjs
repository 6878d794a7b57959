// Issue #14, writes: 50 signed-in shoppers at once, each liking and unliking videos and adding
// products to the cart (every request a write: a like, an unlike or a cart add, in turn), on a
// catalogue of bench data. Budget: p99 ≤ 50 ms; writes/s reported. Every answer must be a success.
import os from "node:os";
import autocannon from "autocannon";
import { cpuMs } from "../lib/processes.mjs";
import { failuresOf, withShoppers } from "../lib/shoppers.mjs";

const SHOPPERS = 50;
const PRODUCTS = 1000;
const TARGETS = 40;
const VARIANT_STOCK = 1000;
const BUDGET_P99_MS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP_S = 2;
/** BENCH_WRITES_MIX=likes or cart measures one kind alone (likes and unlikes, or cart adds); unset, all three in turn. */
const MIX = process.env.BENCH_WRITES_MIX ?? "all";
if (!["all", "likes", "cart"].includes(MIX)) throw new Error(`BENCH_WRITES_MIX must be likes or cart (or unset for all three), not "${MIX}"`);

/**
 * Each round is one shopper's like, unlike and cart add on one target, the three requests of
 * autocannon's list in turn on a connection. Autocannon starts every pass through the list with a
 * fresh context, so a round takes its shopper and target from a counter here (with one request in
 * the list, as before, every request was the first target's like: after 50 of them all were no-ops).
 * Round r is shopper r mod 50 on target ⌊r / 50⌋ mod 40: a shopper adds a variant once per 2,000
 * rounds, so each size's stock (VARIANT_STOCK) allows 2,000 times as many rounds, warm-up included
 * (the 5 of the other scenarios ran out after 10,000, within a run of 1,250 writes/s).
 */
function shopperRequests(shoppers, targets, mix) {
  let nextRound = 0;
  const withShopper = (request, context) => ({ ...request, headers: { ...request.headers, ...context.shopper } });
  const startRound = (context) => {
    const round = nextRound++;
    context.shopper = shoppers[round % shoppers.length];
    context.target = targets[Math.floor(round / shoppers.length) % targets.length];
  };
  const like = (request, context) => ({ ...withShopper(request, context), method: "PUT", path: `/api/media/${context.target.mediaId}/like` });
  const unlike = (request, context) => ({ ...withShopper(request, context), method: "DELETE", path: `/api/media/${context.target.mediaId}/like` });
  const addToCart = (request, context) => {
    const { productId, variantId, mediaId } = context.target;
    return { ...withShopper(request, context), method: "POST", path: "/api/cart/items", body: JSON.stringify({ productId, variantId, quantity: 1, mediaId }) };
  };
  const first = (write) => ({ setupRequest: (request, context) => (startRound(context), write(request, context)) });
  if (mix === "likes") return [first(like), { setupRequest: unlike }];
  if (mix === "cart") return [first(addToCart)];
  return [first(like), { setupRequest: unlike }, { setupRequest: addToCart }];
}

export default {
  name: "writes",
  description: `${MIX === "all" ? "likes, unlikes and cart adds" : MIX === "likes" ? "likes and unlikes" : "cart adds"} by ${SHOPPERS} signed-in shoppers at once for ${DURATION_S} s`,
  run: ({ root, port }) =>
    withShoppers({ root, port, products: PRODUCTS, shoppers: SHOPPERS, targets: TARGETS, variantStock: VARIANT_STOCK }, async ({ server, shoppers, targets }) => {
      const requests = shopperRequests(shoppers, targets, MIX);
      // As the other load scenarios do (bench/run.mjs): a server just started is still preparing its
      // statements and resolving each shopper's first session, which the first burst would queue behind.
      await autocannon({ url: server.baseUrl, connections: SHOPPERS, duration: WARMUP_S, requests, initialContext: {} });
      const cpuBefore = cpuMs(server.pid);
      const result = await autocannon({ url: server.baseUrl, connections: SHOPPERS, duration: DURATION_S, requests, initialContext: {} });
      // The server's own CPU per write (PGlite runs in it; PostgreSQL's share is in its own processes).
      const serverCpuMsPerWrite = Math.round((cpuMs(server.pid) - cpuBefore) / result.requests.total * 100) / 100;
      const p99Ms = result.latency.p99;
      const writesPerSecond = Math.round(result.requests.average);
      const failures = failuresOf(result);
      const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
      const pass = p99Ms <= BUDGET_P99_MS && failures.count === 0;
      const detail = `${MIX === "all" ? "" : `${MIX} alone: `}p99 ${p99Ms} ms, p50 ${result.latency.p50} ms (p90 ${result.latency.p90}, p97.5 ${result.latency.p97_5}, max ${result.latency.max}), ${writesPerSecond} writes/s, server CPU ${serverCpuMsPerWrite} ms/write, ${failures.text} (load average ${loadAverage.join(" ")})`;
      console.log(`writes: ${detail}  ${pass ? "PASS" : "FAIL"} (p99 ≤ ${BUDGET_P99_MS} ms, none failed)`);
      return { name: "writes", p99Ms, p50Ms: result.latency.p50, writesPerSecond, serverCpuMsPerWrite, failures: failures.count, loadAverage, budget: { p99Ms: BUDGET_P99_MS }, pass, detail };
    }),
};
