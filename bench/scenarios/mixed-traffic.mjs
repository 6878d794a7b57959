// Issue #14, mixed traffic: 50 connections for 60 s (BENCH_MIXED_DURATION), each request drawn at
// random: 70% public reads (a new visitor's feed page, a product by id), 20% writes by 20 signed-in
// shoppers (likes, shares, views, comments), 10% search. Budgets: p99 ≤ 200 ms with no failed
// request, resident memory growing less than 150 MB during the run and at most 350 MB at its end.
import os from "node:os";
import autocannon from "autocannon";
import { cpuMs } from "../lib/processes.mjs";
import { failuresOf, residentMb, withShoppers } from "../lib/shoppers.mjs";

const CONNECTIONS = 50;
const SHOPPERS = 20;
const PRODUCTS = 1000;
const DURATION_S = Number(process.env.BENCH_MIXED_DURATION ?? 60);
const BUDGET = { p99Ms: 200, growthMb: 150, rssMb: 350 };
const SEARCH_TERMS = ["bench", "product 42", "bnech prodcut", "description", "bench 7"];

const pickFrom = (values) => values[Math.floor(Math.random() * values.length)];

function mixedRequests(shoppers, targets) {
  let visit = 0;
  let comment = 0;
  return [
    {
      setupRequest(request) {
        const draw = Math.random();
        const target = pickFrom(targets);
        if (draw < 0.35) return { ...request, method: "GET", path: `/api/feed?seed=mixed-${(visit += 1)}&limit=10` };
        if (draw < 0.7) return { ...request, method: "GET", path: `/api/products/${target.productId}` };
        if (draw < 0.8) return { ...request, method: "GET", path: `/api/search?q=${encodeURIComponent(pickFrom(SEARCH_TERMS))}&n=${(visit += 1)}` };
        const headers = { ...request.headers, ...pickFrom(shoppers) };
        const write = Math.floor(((draw - 0.8) / 0.2) * 4);
        if (write === 0) return { ...request, method: Math.random() < 0.5 ? "PUT" : "DELETE", path: `/api/media/${target.mediaId}/like`, headers };
        if (write === 1) return { ...request, method: "POST", path: `/api/media/${target.mediaId}/shares`, headers, body: JSON.stringify({ platform: "copy-link" }) };
        if (write === 2) return { ...request, method: "POST", path: `/api/media/${target.mediaId}/views`, headers, body: JSON.stringify({ sessionId: `mixed-${visit}` }) };
        return { ...request, method: "POST", path: `/api/media/${target.mediaId}/comments`, headers, body: JSON.stringify({ comment: `Bench comment ${(comment += 1)}` }) };
      },
    },
  ];
}

export default {
  name: "mixed-traffic",
  description: `${CONNECTIONS} connections for ${DURATION_S} s: 70% reads, 20% writes by ${SHOPPERS} shoppers, 10% search; RSS sampled every second`,
  run: ({ root, port }) =>
    withShoppers({ root, port, products: PRODUCTS, shoppers: SHOPPERS, targets: 40 }, async ({ server, shoppers, targets }) => {
      const requests = mixedRequests(shoppers, targets);
      await autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration: 3, requests });
      const rssAtStartMb = await residentMb(server.pid);
      let rssPeakMb = rssAtStartMb;
      // swallowed: a sample missed (the process exiting) leaves the peak from the others.
      const sampler = setInterval(() => void residentMb(server.pid).then((mb) => (rssPeakMb = Math.max(rssPeakMb, mb))).catch(() => {}), 1000);
      const cpuBefore = cpuMs(server.pid);
      const result = await autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration: DURATION_S, requests });
      // What the traffic cost the server whatever share of the machine it got (lib/processes.mjs).
      const serverCpuMsPerRequest = Math.round(((cpuMs(server.pid) - cpuBefore) / result.requests.total) * 100) / 100;
      clearInterval(sampler);
      const rssAtEndMb = await residentMb(server.pid);
      const growthMb = rssAtEndMb - rssAtStartMb;
      const failures = failuresOf(result);
      const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
      const pass = result.latency.p99 <= BUDGET.p99Ms && failures.count === 0 && growthMb < BUDGET.growthMb && rssAtEndMb <= BUDGET.rssMb;
      const detail = `p99 ${result.latency.p99} ms, p50 ${result.latency.p50} ms, ${Math.round(result.requests.average)} req/s, server CPU ${serverCpuMsPerRequest} ms/request, ${failures.text}, RSS ${rssAtStartMb} → ${rssAtEndMb} MB (peak ${rssPeakMb}) (load average ${loadAverage.join(" ")})`;
      console.log(`mixed traffic: ${detail}  ${pass ? "PASS" : "FAIL"} (p99 ≤ ${BUDGET.p99Ms} ms, none failed, growth < ${BUDGET.growthMb} MB, RSS ≤ ${BUDGET.rssMb} MB)`);
      return { name: "mixed-traffic", p99Ms: result.latency.p99, failures: failures.count, serverCpuMsPerRequest, rssAtStartMb, rssAtEndMb, rssPeakMb, growthMb, loadAverage, budget: BUDGET, pass, detail };
    }),
};
