import { describe, expect, it } from "vitest";
import { displayName } from "./display-name.ts";

describe("displayName", () => {
  it("joins first and last name, trimmed, using whichever is present", () => {
    expect(displayName(" Asha ", " Rao ", "asha@example.com")).toBe("Asha Rao");
    expect(displayName("Asha", null, "asha@example.com")).toBe("Asha");
    expect(displayName(null, "Rao", "asha@example.com")).toBe("Rao");
  });

  it("falls back to the email before '@', then to 'User'", () => {
    expect(displayName("  ", "", "asha.rao@example.com")).toBe("asha.rao");
    expect(displayName(null, null, "@example.com")).toBe("User");
    expect(displayName(null, null, null)).toBe("User");
    expect(displayName(undefined, undefined, undefined)).toBe("User");
  });
});
