import { describe, expect, it } from "vitest";
import { profileFromVideo, videoOpenedFrom } from "./profile-link.ts";

describe("a product profile opened from a video", () => {
  it("names the video in the link, after the tab", () => {
    expect(profileFromVideo("p1", "m1")).toBe("/product-profile/p1?media=m1");
    expect(profileFromVideo("p1", "m1", "reviews")).toBe("/product-profile/p1?tab=reviews&media=m1");
    expect(profileFromVideo("p1", null)).toBe("/product-profile/p1");
  });

  it("credits only a video of the product on the page", () => {
    const media = [{ id: "m1" }, { id: "m2" }];
    expect(videoOpenedFrom(new URLSearchParams("media=m2"), media)).toBe("m2");
    expect(videoOpenedFrom(new URLSearchParams("media=other"), media)).toBeNull();
    expect(videoOpenedFrom(new URLSearchParams(""), media)).toBeNull();
  });
});
