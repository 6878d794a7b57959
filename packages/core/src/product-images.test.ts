import { describe, expect, it } from "vitest";
import { coverImageUrl, firstGalleryImageUrl } from "./product-images.ts";

const image = (url: string, isCover = false) => ({ type: "image", url, isCover });
const video = (url: string) => ({ type: "video", url, isCover: false });

describe("a product page's first picture", () => {
  it("is the cover image on the profile, else its first image, else the thumbnail", () => {
    expect(coverImageUrl({ thumbnailUrl: "/t.jpg", media: [video("/v.mp4"), image("/a.jpg"), image("/b.jpg", true)] })).toBe("/b.jpg");
    expect(coverImageUrl({ thumbnailUrl: "/t.jpg", media: [video("/v.mp4"), image("/a.jpg")] })).toBe("/a.jpg");
    expect(coverImageUrl({ thumbnailUrl: "/t.jpg", media: [video("/v.mp4")] })).toBe("/t.jpg");
    expect(coverImageUrl({ thumbnailUrl: null, media: [] })).toBeNull();
  });
  it("is the first image on the landing page whichever is the cover, else the thumbnail", () => {
    expect(firstGalleryImageUrl({ thumbnailUrl: "/t.jpg", media: [video("/v.mp4"), image("/a.jpg"), image("/b.jpg", true)] })).toBe("/a.jpg");
    expect(firstGalleryImageUrl({ thumbnailUrl: "/t.jpg", media: [video("/v.mp4")] })).toBe("/t.jpg");
    expect(firstGalleryImageUrl({ thumbnailUrl: null, media: [] })).toBeNull();
  });
});
