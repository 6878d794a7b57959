import type { Media } from "@reelmart/core/api/catalog";
import { describe, expect, it } from "vitest";
import { availableTabs, groupMedia, initialTab, resolveTab } from "./media-tab-rules.ts";

const media = (type: Media["type"], category: Media["category"]) => ({ type, category }) as Media;

describe("media tabs", () => {
  it("shows a tab only with content, Reviews always", () => {
    expect(availableTabs(groupMedia([]))).toEqual(["reviews"]);
    expect(availableTabs(groupMedia([media("video", "ugc"), media("image", "product")]))).toEqual(["ugc", "images", "reviews"]);
    expect(availableTabs(groupMedia([media("video", "product")]))).toEqual(["videos", "reviews"]);
    expect(availableTabs(groupMedia([]), true)).toEqual(["videos", "ugc", "reviews"]);
  });

  it("falls back to the first available tab", () => {
    expect(resolveTab("videos", ["ugc", "reviews"])).toBe("ugc");
    expect(resolveTab("images", ["images", "reviews"])).toBe("images");
  });

  it("opens Reviews from ?tab=reviews or navigation state", () => {
    expect(initialTab(new URLSearchParams("tab=reviews"), null)).toBe("reviews");
    expect(initialTab(new URLSearchParams(), { scrollToReviews: true })).toBe("reviews");
    expect(initialTab(new URLSearchParams("media=1"), null)).toBe("videos");
  });
});
