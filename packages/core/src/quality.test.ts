import { describe, expect, it } from "vitest";
import { chooseRenditionHeight, qualityMenuOptions } from "./quality.ts";

describe("chooseRenditionHeight", () => {
  const all = [240, 480, 720];
  it("picks 240p on 2g and slow-2g", () => {
    expect(chooseRenditionHeight(all, "auto", "2g")).toBe(240);
    expect(chooseRenditionHeight(all, "auto", "slow-2g")).toBe(240);
  });
  it("picks 480p on 3g, on 4g and on an unknown network while auto", () => {
    expect(chooseRenditionHeight(all, "auto", "3g")).toBe(480);
    expect(chooseRenditionHeight(all, "auto", "4g")).toBe(480);
    expect(chooseRenditionHeight(all, "auto", undefined)).toBe(480);
  });
  it("honours a manual choice that exists, else falls back to auto", () => {
    expect(chooseRenditionHeight(all, 720, "2g")).toBe(720);
    expect(chooseRenditionHeight(all, 1080, "2g")).toBe(240);
  });
  it("never exceeds the target when it is missing, and copes with no renditions", () => {
    expect(chooseRenditionHeight([360, 720], "auto", "3g")).toBe(360);
    expect(chooseRenditionHeight([720, 1080], "auto", "2g")).toBe(720);
    expect(chooseRenditionHeight([], "auto", "4g")).toBeNull();
  });
});

describe("qualityMenuOptions", () => {
  it("lists Auto then the renditions, tallest first", () => {
    expect(qualityMenuOptions([240, 720, 480]).map((o) => o.label)).toEqual(["Auto", "720p", "480p", "240p"]);
  });
});
