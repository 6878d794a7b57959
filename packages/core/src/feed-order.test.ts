import { describe, expect, it } from "vitest";
import type { FeedItem, FeedPage } from "./api/feed.ts";
import { cardMedia, firstCardPoster, shuffledOrder } from "./feed-order.ts";

describe("shuffledOrder", () => {
  it("is a permutation, stable per seed, different across seeds", () => {
    const a = shuffledOrder(50, "visit-1");
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(shuffledOrder(50, "visit-1")).toEqual(a);
    expect(shuffledOrder(50, "visit-2")).not.toEqual(a);
  });
});

const video = (id: string, url: string, extra: { isMain?: boolean; thumbnailUrl?: string | null } = {}) => ({ id, url, isMain: false, thumbnailUrl: null, ...extra });
const item = (n: number, media: ReturnType<typeof video>[]) => ({ id: `p${n}`, thumbnailUrl: `/media/p${n}.jpg`, media }) as unknown as FeedItem;

describe("the card a first page opens on", () => {
  it("is the card's main video, else its first", () => {
    const main = video("b", "/b.mp4", { isMain: true });
    expect(cardMedia(item(1, [video("a", "/a.mp4"), main]))?.id).toBe("b");
    expect(cardMedia(item(1, [video("a", "/a.mp4"), video("c", "/c.mp4")]))?.id).toBe("a");
    expect(cardMedia(item(1, []))).toBeNull();
  });

  it("is the first card with a video in the page's device order, and its poster the video's own, the pipeline's, or the product's picture", () => {
    const items = [
      item(1, []),
      item(2, [video("m2", "/media/videos/optimized-v2-480p.mp4")]),
      item(3, [video("m3", "/media/uploads/raw.mp4", { thumbnailUrl: "/media/m3-poster.jpg" })]),
      item(4, [video("m4", "/media/uploads/raw4.mp4")]),
    ];
    const page: FeedPage = { items, nextCursor: null, seed: "s" };
    for (const seed of ["a", "b", "c", "d", "e", "f"]) {
      const first = shuffledOrder(items.length, `${seed}:`)
        .map((i) => items[i]!)
        .find((entry) => entry.media.length > 0)!;
      const expected = { p2: "/media/videos/optimized-v2-480p-thumbnail.jpg", p3: "/media/m3-poster.jpg", p4: "/media/p4.jpg" }[first.id as "p2" | "p3" | "p4"];
      expect(firstCardPoster(page, { seed, similarTo: null })).toBe(expected);
    }
    // A 'similar' first page is shown in the server's order.
    expect(firstCardPoster(page, { seed: "a", similarTo: "p2" })).toBe("/media/videos/optimized-v2-480p-thumbnail.jpg");
    expect(firstCardPoster({ ...page, items: [item(1, [])] }, { seed: "a", similarTo: null })).toBeNull();
  });
});
