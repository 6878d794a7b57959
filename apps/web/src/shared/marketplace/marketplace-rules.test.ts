import { describe, expect, it } from "vitest";
import { calendarDay, marketplaceShortName, resolveSelectedId, shouldOpenMarketplaceDialog, validateMarketplaceChoice } from "./marketplace-rules.ts";

const today = "2025-06-02";
const base = { marketplaceCount: 3, selectedId: null, savedPreferenceId: null, lastShownDay: null, today };

describe("shouldOpenMarketplaceDialog", () => {
  it("opens on a first visit: no saved preference and nothing selected", () => {
    expect(shouldOpenMarketplaceDialog(base)).toBe(true);
  });

  it("keeps opening while nothing is chosen, even if it already opened today", () => {
    expect(shouldOpenMarketplaceDialog({ ...base, lastShownDay: today })).toBe(true);
  });

  it("opens at most once per calendar day when one is selected", () => {
    expect(shouldOpenMarketplaceDialog({ ...base, selectedId: "a", lastShownDay: today })).toBe(false);
    expect(shouldOpenMarketplaceDialog({ ...base, selectedId: "a", lastShownDay: "2025-06-01" })).toBe(true);
    expect(shouldOpenMarketplaceDialog({ ...base, selectedId: "a", lastShownDay: null })).toBe(true);
  });

  it("treats a saved account preference like a selection", () => {
    expect(shouldOpenMarketplaceDialog({ ...base, savedPreferenceId: "a", lastShownDay: today })).toBe(false);
  });

  it("never opens when there are no marketplaces", () => {
    expect(shouldOpenMarketplaceDialog({ ...base, marketplaceCount: 0 })).toBe(false);
    expect(shouldOpenMarketplaceDialog({ ...base, marketplaceCount: 0, selectedId: "a" })).toBe(false);
  });
});

describe("resolveSelectedId", () => {
  const active = ["a", "b"];
  it("lets the account's preference override local storage", () => {
    expect(resolveSelectedId("a", "b", active)).toBe("b");
  });
  it("clears a stored id that is no longer active", () => {
    expect(resolveSelectedId("gone", null, active)).toBeNull();
  });
  it("ignores a preference for an inactive marketplace", () => {
    expect(resolveSelectedId("a", "gone", active)).toBe("a");
  });
});

describe("validateMarketplaceChoice", () => {
  const list = [{ id: "a", name: "India" }];
  it("returns the chosen marketplace", () => {
    expect(validateMarketplaceChoice("a", list).name).toBe("India");
  });
  it("rejects an empty id and an unknown id with the spec's messages", () => {
    expect(() => validateMarketplaceChoice("", list)).toThrow("Invalid marketplace ID provided");
    expect(() => validateMarketplaceChoice("zz", list)).toThrow("Marketplace with ID zz not found");
  });
});

describe("calendarDay", () => {
  it("uses the local date", () => {
    expect(calendarDay(new Date(2025, 0, 5, 23, 59))).toBe("2025-01-05");
  });
});

describe("marketplaceShortName", () => {
  it("shortens to initials or three letters, so the badge stays small", () => {
    expect(marketplaceShortName("United Arab Emirates")).toBe("UAE");
    expect(marketplaceShortName("United Kingdom")).toBe("UK");
    expect(marketplaceShortName("United States of America")).toBe("USA");
    expect(marketplaceShortName("India")).toBe("IND");
    expect(marketplaceShortName("Bosnia and Herzegovina")).toBe("BH");
    expect(marketplaceShortName("The Democratic Republic of the Congo Extended Region").length).toBeLessThanOrEqual(4);
  });
});
