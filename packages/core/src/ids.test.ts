import { describe, expect, it } from "vitest";
import { baseProductId, isUuid } from "./ids.ts";

describe("baseProductId", () => {
  it("takes the part before the first suffix", () => {
    expect(baseProductId("abc-demo-3")).toBe("abc");
    expect(baseProductId("abc-origin-1")).toBe("abc");
    expect(baseProductId("abc-ugc-2-demo-4")).toBe("abc");
    expect(baseProductId("3f1c2e4a-1b2c-4d5e-8f90-1234567890ab")).toBe("3f1c2e4a-1b2c-4d5e-8f90-1234567890ab");
  });
});

describe("isUuid", () => {
  it("accepts uuids only", () => {
    expect(isUuid("3f1c2e4a-1b2c-4d5e-8f90-1234567890ab")).toBe(true);
    expect(isUuid("not-a-uuid")).toBe(false);
  });
});
