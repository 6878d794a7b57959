import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { bootstrap } from "./server.ts";
import { openTestDatabase } from "./testing/test-database.ts";
import { PeriodicTasks } from "./periodic-tasks.ts";

// The sweeps run only outside NODE_ENV=test, so this boots a server as production would (payment
// keys set, no demo seed) and watches its intervals with vitest's fake intervals (timeouts and I/O
// stay real): unpaid-order expiry (1 min), the search log flush, the expired-uploads sweep and the
// analytics view rollup.
describe("the server's periodic tasks", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-expiry-"));
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("run while the server is up and leave no timer behind when the server closes", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      PUBLIC_URL: "http://localhost:3000",
      RAZORPAY_KEY_ID: "rzp_test_sweep",
      RAZORPAY_KEY_SECRET: "sweep-key-secret",
      RAZORPAY_API_URL: "http://127.0.0.1:9",
    });
    const started = vi.spyOn(globalThis, "setInterval");
    const cleared = vi.spyOn(globalThis, "clearInterval");
    const server = await bootstrap(config, createLogger(config), { database: await openTestDatabase({ migrated: true }), readModel: false });
    const orderExpiry = started.mock.results.filter((_result, index) => started.mock.calls[index]?.[1] === 60_000).map((result) => result.value as unknown);
    expect(orderExpiry).toHaveLength(1);
    expect(server.deps.tasks.scheduled).toBe(4);
    const running = vi.getTimerCount();
    // A minute of ticks against the real database (the uploads sweep ran at start): nothing is due, and none may fail.
    await vi.advanceTimersByTimeAsync(60_000);

    await server.close();
    expect(cleared).toHaveBeenCalledWith(orderExpiry[0]);
    expect(vi.getTimerCount()).toBe(running - 4);
  });
});

describe("PeriodicTasks", () => {
  afterEach(() => vi.useRealTimers());

  it("skips a tick while the previous run is going, waits for it on stop, then runs the final flush", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const tasks = new PeriodicTasks(createLogger({ logLevel: "silent" }));
    let release!: () => void;
    let slowRuns = 0;
    tasks.every("slow", 1_000, () => {
      slowRuns += 1;
      return new Promise<void>((resolve) => (release = resolve));
    });
    let flushes = 0;
    tasks.every("flush", 1_000, async () => void (flushes += 1), { runAtStop: true });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(slowRuns).toBe(1);
    expect(flushes).toBe(3);

    let stopped = false;
    const stopping = tasks.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(flushes).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
  });
});
