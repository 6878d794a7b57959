import { describe, expect, it } from "vitest";
import { countTicks, dayTicks } from "./chart-ticks.ts";

describe("the analytics chart's axes", () => {
  it("label days as the screens write them (8 Nov, the daily table's 8 Nov 2026 without the year), not uPlot's 11/8", () => {
    expect(dayTicks([Date.UTC(2026, 10, 8) / 1000, Date.UTC(2026, 11, 31) / 1000])).toEqual(["8 Nov", "31 Dec"]);
  });

  it("label counts in en-IN's grouping", () => {
    expect(countTicks([0, 500, 150_000])).toEqual(["0", "500", "1,50,000"]);
  });
});
