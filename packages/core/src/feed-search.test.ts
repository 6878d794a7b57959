import { describe, expect, it } from "vitest";
import { rankFeedItems, rankSearchCandidates, searchResultLabel } from "./feed-search.ts";

const item = (title: string, brandName: string | null = "Acme", category = "Audio", description = "") => ({ title, brandName, category, description });
const fields = (x: ReturnType<typeof item>) => x;

describe("rankFeedItems", () => {
  const items = [
    item("Wireless Earbuds Pro", "Sonic", "Audio", "Noise cancelling"),
    item("Desk Lamp", "Lumen", "Home Decor", "Warm light for earbuds lovers"),
    item("earbuds", "Budget", "Audio"),
    item("Smart Watch", "Earbuds Inc", "Wearables"),
    item("Yoga Mat", "Flex", "Fitness"),
  ];

  it("returns everything, in feed order, for an empty or blank term", () => {
    expect(rankFeedItems(items, "", fields)).toEqual(items);
    expect(rankFeedItems(items, "   ", fields)).toEqual(items);
  });

  it("ranks the exact title first, then title matches, then brand/category/description matches", () => {
    const ranked = rankFeedItems(items, "EarBuds", fields).map((x) => x.title);
    expect(ranked).toEqual(["earbuds", "Wireless Earbuds Pro", "Desk Lamp", "Smart Watch"]);
  });

  it("matches brand and category case-insensitively", () => {
    expect(rankFeedItems(items, "lumen", fields).map((x) => x.title)).toEqual(["Desk Lamp"]);
    expect(rankFeedItems(items, "fitness", fields).map((x) => x.title)).toEqual(["Yoga Mat"]);
  });

  it("finds nothing for an unknown term and copes with a missing brand", () => {
    expect(rankFeedItems([item("A", null)], "zzz", fields)).toEqual([]);
  });
});

describe("rankSearchCandidates", () => {
  it("ranks the server's candidates like the client search and keeps those matched despite a typo last, in the server's order", () => {
    const candidates = [item("Earbudz Max"), item("Wireless Earbuds Pro"), item("Lamp", "Earbuds Inc"), item("earbuds"), item("Ear buds mini")];
    expect(rankSearchCandidates(candidates, "EarBuds", fields).map((x) => x.title)).toEqual(["earbuds", "Wireless Earbuds Pro", "Lamp", "Earbudz Max", "Ear buds mini"]);
    expect(rankSearchCandidates(candidates, " ", fields)).toEqual(candidates);
  });
});

describe("searchResultLabel", () => {
  it("uses the spec's banner texts", () => {
    expect(searchResultLabel("zzz", 0)).toBe('No results for "zzz"');
    expect(searchResultLabel("x", 1)).toBe("1 video found");
    expect(searchResultLabel("x", 7)).toBe("7 videos found");
  });
});
