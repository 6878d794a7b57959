import { describe, expect, it } from "vitest";
import { UuidSchema } from "./api/ids.ts";
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

  it("agrees with the id schema (zod's guid) on every shape", () => {
    for (const value of ["3F1C2E4A-1B2C-4D5E-8F90-1234567890AB", "00000000-0000-0000-0000-000000000000", "3f1c2e4a1b2c4d5e8f901234567890ab", " 3f1c2e4a-1b2c-4d5e-8f90-1234567890ab", "3f1c2e4a-1b2c-4d5e-8f90-1234567890ag", ""]) {
      expect(isUuid(value), value).toBe(UuidSchema.safeParse(value).success);
    }
  });
});
