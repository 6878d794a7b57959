// Browser benchmark for DESIGN.md's video budgets, in Chromium against the built server with the
// seeded demo catalogue (a `run()` scenario of its own; BENCH_DB chooses the database as for the others).
// 1. First frame: navigation start → the first frame of the current card's video is presented
//    (requestVideoFrameCallback), cold cache, a returning visitor (no marketplace dialog). Budget: median
//    700 ms, worst 1000 ms.
// 2. Swipe: the feed lands on the next card → that video fires 'playing' (its first frame presented
//    is reported too). Budget 150 ms.
// Each of 5 runs uses a fresh browser context, so nothing is cached between runs.
//
//   BENCH_SCENARIOS=first-frame BENCH_SKIP_BUILD=1 npm run bench
/* global window, document, MutationObserver -- recordFirstFrame and the page.evaluate callbacks run in the page */
import os from "node:os";
import { chromium, devices } from "@playwright/test";
import { startServer } from "../lib/processes.mjs";
import { createStore } from "../lib/store.mjs";
import { waitForDemoVideos } from "../lib/demo-videos.mjs";

const RUNS = 5;
const BUDGET = { firstFrameMedianMs: 700, firstFrameMaxMs: 1000, swipeMs: 150 };
const round = (ms) => Math.round(ms * 10) / 10;

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { medianMs: round(median), maxMs: round(sorted.at(-1)), samplesMs: samples.map(round) };
}

// Runs in the page before any app code: stamps the first frame presented by the playing card's
// video, on the navigation's clock (performance.now() is 0 at navigation start). Videos are watched
// as they enter the document: a preloaded neighbour may become the playing card later, and a video
// rendered with its source already set may start loading before any media event could be observed.
function recordFirstFrame() {
  window.__bench = {};
  const watched = new WeakSet();
  const watch = (video) => {
    if (watched.has(video)) return;
    watched.add(video);
    const onFrame = (now) => {
      if (window.__bench.firstFrame !== undefined) return;
      if (video.dataset.load === "play") window.__bench.firstFrame = now;
      else video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  };
  new MutationObserver(() => document.querySelectorAll("video").forEach(watch)).observe(document, { childList: true, subtree: true });
}

async function oneRun(browser, baseUrl, marketplaceId) {
  const context = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: baseUrl });
  try {
    // A returning visitor: the app keeps the marketplace chosen in local storage and mirrors it in a
    // cookie (MARKETPLACE_COOKIE, packages/core/src/constants.ts) for the home page's first feed page.
    if (marketplaceId) await context.addCookies([{ name: "reelmart_marketplace", value: marketplaceId, url: baseUrl }]);
    const page = await context.newPage();
    await page.addInitScript((id) => {
      const now = new Date();
      const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
      if (id) localStorage.setItem("selectedMarketplaceId", id);
      localStorage.setItem("marketplaceDialogLastShown", today);
    }, marketplaceId);
    await page.addInitScript(recordFirstFrame);
    await page.goto("/");
    await page.waitForFunction(() => window.__bench.firstFrame !== undefined, null, { timeout: 30_000 });
    const firstFrameMs = await page.evaluate(() => window.__bench.firstFrame);

    // A viewer watches a moment before swiping; the neighbours preload meanwhile.
    await page.waitForFunction(() => document.querySelector('section[aria-current="true"] video')?.currentTime > 1, null, { timeout: 30_000 });
    // The swipe waits for the next card's video to be in the page: twice (sessions 9 and 19, loaded
    // machines) there was none yet at this point, and the run stopped instead of measuring.
    await page.waitForFunction(() => document.querySelector('[aria-label="Video feed"]')?.children[1]?.querySelector("video"), null, { timeout: 10_000 });
    const swipe = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const scroller = document.querySelector('[aria-label="Video feed"]');
          const next = scroller.children[1]?.querySelector("video");
          if (!next) reject(new Error("the next card has no video"));
          const result = {};
          let started = 0;
          next.addEventListener(
            "playing",
            () => {
              result.playingMs = performance.now() - started;
              next.requestVideoFrameCallback((now) => resolve({ ...result, frameMs: now - started }));
            },
            { once: true },
          );
          started = performance.now();
          scroller.scrollTo({ top: scroller.clientHeight, behavior: "instant" });
          setTimeout(() => reject(new Error("the next video did not play within 10 s")), 10_000);
        }),
    );
    return { firstFrameMs, swipeMs: swipe.playingMs, swipeFrameMs: swipe.frameMs };
  } finally {
    await context.close();
  }
}

export default {
  name: "first-frame",
  description: "Chromium: navigation → first video frame, and swipe → next video playing (seeded demo)",
  budget: BUDGET,
  async run({ root, port }) {
    const store = await createStore();
    let server;
    let browser;
    try {
      server = await startServer({ root, store, port, env: { SEED_DEMO: "true", MEDIA_WORKERS: "2" } });
      console.log("first-frame: waiting for the demo videos to be encoded…");
      const ready = await waitForDemoVideos(server.baseUrl);
      const { items } = await (await fetch(`${server.baseUrl}/api/marketplaces`)).json();
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
      });
      // One unmeasured visit warms the server (first reads of files and pages), not the browser.
      await oneRun(browser, server.baseUrl, items[0]?.id ?? "");
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await oneRun(browser, server.baseUrl, items[0]?.id ?? ""));

      const firstFrame = stats(runs.map((run) => run.firstFrameMs));
      const swipe = stats(runs.map((run) => run.swipeMs));
      const swipeFrame = stats(runs.map((run) => run.swipeFrameMs));
      const firstFramePass = firstFrame.medianMs <= BUDGET.firstFrameMedianMs && firstFrame.maxMs <= BUDGET.firstFrameMaxMs;
      const swipePass = swipe.maxMs < BUDGET.swipeMs;
      const line = (label, s, budget, pass) =>
        `${label.padEnd(26)} median ${String(s.medianMs).padStart(7)} ms  max ${String(s.maxMs).padStart(7)} ms  ${pass ? "PASS" : "FAIL"} (< ${budget} ms)`;
      console.log(line("first video frame", firstFrame, `${BUDGET.firstFrameMedianMs} median, ${BUDGET.firstFrameMaxMs} worst`, firstFramePass));
      console.log(line("swipe → next playing", swipe, BUDGET.swipeMs, swipePass));
      console.log(`${"swipe → next frame shown".padEnd(26)} median ${String(swipeFrame.medianMs).padStart(7)} ms  max ${String(swipeFrame.maxMs).padStart(7)} ms  (reported)`);
      return {
        name: "first-frame",
        description: this.description,
        ...ready,
        runs: RUNS,
        firstFrame,
        swipe,
        swipeFrame,
        budget: BUDGET,
        detail: `first frame median ${firstFrame.medianMs} ms (max ${firstFrame.maxMs}), swipe median ${swipe.medianMs} ms (max ${swipe.maxMs})`,
        machineLoad: os.loadavg(),
        pass: firstFramePass && swipePass,
      };
    } finally {
      await browser?.close();
      await server?.stop();
      await store.cleanup();
    }
  },
};
