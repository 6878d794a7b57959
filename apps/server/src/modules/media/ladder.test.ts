import { describe, expect, it } from "vitest";
import { ladderFor } from "./ladder.ts";

describe("rendition ladder", () => {
  it("keeps a vertical 1080x1920 source vertical at 720, 480 and 240", () => {
    expect(ladderFor(1080, 1920)).toEqual([
      { width: 720, height: 1280, name: 720 },
      { width: 480, height: 854, name: 480 },
      { width: 240, height: 426, name: 240 },
    ]);
  });

  it("keeps a landscape source landscape", () => {
    expect(ladderFor(1920, 1080).map((r) => `${r.width}x${r.height}`)).toEqual(["1280x720", "854x480", "426x240"]);
  });

  it("never upscales: a 640x360 source gets 240p only; a tiny one keeps its own size", () => {
    expect(ladderFor(640, 360).map((r) => r.name)).toEqual([240]);
    expect(ladderFor(854, 480).map((r) => r.name)).toEqual([480, 240]);
    expect(ladderFor(160, 120)).toEqual([{ width: 160, height: 120, name: 120 }]);
  });
});
