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
const BUDGET_P99_MS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

/** Each connection is one shopper, walking the targets: like, unlike, add to cart (stock 5 per size allows 5 rounds). */
function shopperRequests(shoppers, targets) {
  let nextShopper = 0;
  return [
    {
      setupRequest(request, context) {
        context.shopper ??= shoppers[nextShopper++ % shoppers.length];
        context.step = (context.step ?? -1) + 1;
        const target = targets[Math.floor(context.step / 3) % targets.length];
        const headers = { ...request.headers, ...context.shopper };
        switch (context.step % 3) {
          case 0:
            return { ...request, method: "PUT", path: `/api/media/${target.mediaId}/like`, headers };
          case 1:
            return { ...request, method: "DELETE", path: `/api/media/${target.mediaId}/like`, headers };
          default:
            return { ...request, method: "POST", path: "/api/cart/items", headers, body: JSON.stringify({ productId: target.productId, variantId: target.variantId, quantity: 1, mediaId: target.mediaId }) };
        }
      },
    },
  ];
}

export default {
  name: "writes",
  description: `likes, unlikes and cart adds by ${SHOPPERS} signed-in shoppers at once for ${DURATION_S} s`,
  run: ({ root, port }) =>
    withShoppers({ root, port, products: PRODUCTS, shoppers: SHOPPERS, targets: TARGETS }, async ({ server, shoppers, targets }) => {
      const cpuBefore = cpuMs(server.pid);
      const result = await autocannon({ url: server.baseUrl, connections: SHOPPERS, duration: DURATION_S, requests: shopperRequests(shoppers, targets), initialContext: {} });
      // The server's own CPU per write (PGlite runs in it; PostgreSQL's share is in its own processes).
      const serverCpuMsPerWrite = Math.round((cpuMs(server.pid) - cpuBefore) / result.requests.total * 100) / 100;
      const p99Ms = result.latency.p99;
      const writesPerSecond = Math.round(result.requests.average);
      const failures = failuresOf(result);
      const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
      const pass = p99Ms <= BUDGET_P99_MS && failures.count === 0;
      const detail = `p99 ${p99Ms} ms, p50 ${result.latency.p50} ms, ${writesPerSecond} writes/s, server CPU ${serverCpuMsPerWrite} ms/write, ${failures.text} (load average ${loadAverage.join(" ")})`;
      console.log(`writes: ${detail}  ${pass ? "PASS" : "FAIL"} (p99 ≤ ${BUDGET_P99_MS} ms, none failed)`);
      return { name: "writes", p99Ms, p50Ms: result.latency.p50, writesPerSecond, serverCpuMsPerWrite, failures: failures.count, loadAverage, budget: { p99Ms: BUDGET_P99_MS }, pass, detail };
    }),
};
