import { describe, expect, it } from "vitest";
import { seedToStart } from "./feed.service.ts";

// A visit's seed picks where its walk of the shuffled feed starts (decision 010): the same seed the
// same start on every server and page, and visits spread evenly over the rank space (decision 203).
describe("seedToStart", () => {
  it("gives one start in [0, 1) per seed, the same every time", () => {
    for (const seed of ["", "a", "visit-1", "Ünïcødé 🎬", "x".repeat(200)]) {
      const start = seedToStart(seed);
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start).toBeLessThan(1);
      expect(seedToStart(seed)).toBe(start);
    }
  });

  it("spreads seeds that differ in one character evenly over the tenths of the rank space", () => {
    const starts = Array.from({ length: 20_000 }, (_, n) => seedToStart(`visit-${n}`));
    const tenths = Array.from({ length: 10 }, (_, tenth) => starts.filter((start) => Math.floor(start * 10) === tenth).length);
    // 2,000 expected in each; a binomial's standard deviation here is ~42, so 1,800–2,200 is far out.
    for (const count of tenths) {
      expect(count).toBeGreaterThan(1800);
      expect(count).toBeLessThan(2200);
    }
    expect(new Set(starts).size).toBe(starts.length);
  });

  it("keeps the low bits apart too: nearby seeds do not start at nearby points", () => {
    const gaps = Array.from({ length: 1000 }, (_, n) => Math.abs(seedToStart(`bench-${n}`) - seedToStart(`bench-${n + 1}`)));
    const close = gaps.filter((gap) => gap < 0.01).length;
    // Independent uniform starts are within 0.01 of each other ~2% of the time.
    expect(close).toBeLessThan(60);
  });
});
