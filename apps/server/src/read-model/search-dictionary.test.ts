import { describe, expect, it } from "vitest";
import { deletionVariants } from "./search-dictionary.ts";

// Decision 141: the dictionary in memory finds typos through the same deletion variants as the SQL.

describe("deletion variants in memory", () => {
  it("are those of migration 0070's search_word_variants: none under 4 letters, 1 deletion from 4, 2 from 7, none past 20, by character", () => {
    expect([...deletionVariants("abc")]).toEqual(["abc"]);
    expect([...deletionVariants("abcd")].sort()).toEqual(["abc", "abcd", "abd", "acd", "bcd"]);
    const seven = deletionVariants("abcdefg");
    expect(seven.has("abcdefg") && seven.has("bcdefg") && seven.has("cdefg") && seven.has("abcde")).toBe(true);
    expect(seven.size).toBe(1 + 7 + 21);
    expect([...deletionVariants("a".repeat(21))]).toEqual(["a".repeat(21)]);
    expect(deletionVariants("caf\u00e9s").has("cafs")).toBe(true);
  });
});
