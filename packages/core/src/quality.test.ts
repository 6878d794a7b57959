import { describe, expect, it } from "vitest";
import { chooseQualityLevel, qualityLevel, qualityMenuOptions } from "./quality.ts";

describe("chooseQualityLevel", () => {
  const all = [240, 480, 720];
  it("picks 240p on 2g and slow-2g", () => {
    expect(chooseQualityLevel(all, "auto", "2g")).toBe(240);
    expect(chooseQualityLevel(all, "auto", "slow-2g")).toBe(240);
  });
  it("picks 480p on 3g, on 4g and on an unknown network while auto", () => {
    expect(chooseQualityLevel(all, "auto", "3g")).toBe(480);
    expect(chooseQualityLevel(all, "auto", "4g")).toBe(480);
    expect(chooseQualityLevel(all, "auto", undefined)).toBe(480);
  });
  it("honours a manual choice that exists, else falls back to auto", () => {
    expect(chooseQualityLevel(all, 720, "2g")).toBe(720);
    expect(chooseQualityLevel(all, 1080, "2g")).toBe(240);
  });
  it("never exceeds the target when it is missing, and copes with no renditions", () => {
    expect(chooseQualityLevel([360, 720], "auto", "3g")).toBe(360);
    expect(chooseQualityLevel([720, 1080], "auto", "2g")).toBe(720);
    expect(chooseQualityLevel([], "auto", "4g")).toBeNull();
  });
});

describe("qualityMenuOptions", () => {
  it("lists Auto then the renditions, tallest first", () => {
    expect(qualityMenuOptions([240, 720, 480]).map((o) => o.label)).toEqual(["Auto", "720p", "480p", "240p"]);
  });
});

describe("qualityLevel", () => {
  it("names a rendition by its short side, so portrait 240x426 is 240p", () => {
    expect(qualityLevel({ width: 240, height: 426 })).toBe(240);
    expect(qualityLevel({ width: 1280, height: 720 })).toBe(720);
  });
});
