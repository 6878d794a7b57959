import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../../scripts/server-node-flags.mjs";
import { EMBEDDED_HEAP_GROWTH, SEPARATE_DATABASE_HEAP_GROWTH, heapGrowthForDatabase } from "./heap-growth.ts";

// Decision 202: the shipped growth is loosened when the database is elsewhere, and V8 heeds it.
describe("the old generation's growth", () => {
  it("is the shipped command line's", () => {
    expect(SERVER_NODE_FLAGS).toContain(EMBEDDED_HEAP_GROWTH);
  });

  it("is loosened only with PostgreSQL and the shipped flag last, never over an operator's own", () => {
    // (The loosening itself touches only this test worker's collector.)
    expect(heapGrowthForDatabase("postgres", SERVER_NODE_FLAGS)).toBe(true);
    expect(heapGrowthForDatabase("pglite", SERVER_NODE_FLAGS)).toBe(false);
    expect(heapGrowthForDatabase("postgres", [])).toBe(false);
    expect(heapGrowthForDatabase("postgres", [EMBEDDED_HEAP_GROWTH, "--heap-growing-percent=40"])).toBe(false);
  });

  it("set at run time, makes V8 collect the old generation less often", () => {
    // A process that promotes garbage (objects kept past two scavenges, then dropped) over a live set
    // of ~40 MB and counts its full collections, started with the shipped flags, with and without the
    // loosened growth (measured alone: 13 and 2; 8 shipped beside other tests).
    const churn = (loosen: boolean) => `
      const v8 = require("node:v8");
      const { PerformanceObserver, constants } = require("node:perf_hooks");
      ${loosen ? `v8.setFlagsFromString(${JSON.stringify(SEPARATE_DATABASE_HEAP_GROWTH)});` : ""}
      let full = 0;
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++; }).observe({ entryTypes: ["gc"] });
      const kept = new Array(300000);
      for (let i = 0; i < 1500000; i++) kept[i % kept.length] = { i, text: "x".repeat(64) + i };
      setTimeout(() => process.stdout.write(String(full)), 50);`;
    const fullCollections = (loosen: boolean) => Number(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", churn(loosen)], { encoding: "utf8" }));
    const shipped = fullCollections(false);
    const loosened = fullCollections(true);
    expect(shipped).toBeGreaterThan(5);
    expect(loosened, `${loosened} full collections loosened, ${shipped} shipped`).toBeLessThanOrEqual(shipped / 2);
  });
});
