import type { FeedItem } from "@reelmart/core/api/feed";
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useMediaSession } from "./use-media-session.ts";

// jsdom has no Media Session API: a stand-in that records what the page sets (a browser API, outside our system).

const video = (id: string, title: string | null, thumbnailUrl: string) => ({
  id,
  productId: "p",
  url: `/media/${id}.mp4`,
  type: "video" as const,
  category: "product" as const,
  title,
  duration: 10,
  isMain: true,
  isCover: false,
  displayOrder: 0,
  thumbnailUrl,
  likeCount: 0,
  commentCount: 0,
  viewCount: 0,
  shareCount: 0,
  status: "ready" as const,
  renditions: [],
  captionsUrl: null,
});

const item = (id: string, title: string, mediaTitle: string | null): FeedItem => ({
  id,
  title,
  description: "",
  price: "999.00",
  discountPercentage: 0,
  category: "Home",
  stock: 5,
  status: "active",
  brandId: "b",
  brand: { id: "b", name: "Lumen", logoUrl: null, verified: false },
  thumbnailUrl: "/product.jpg",
  rating: 4.5,
  reviews: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  media: [video(`${id}-m`, mediaTitle, `/media/${id}/poster.jpg`)],
});

let session: { metadata: unknown; handlers: Map<string, (() => void) | null>; setActionHandler: (action: string, handler: (() => void) | null) => void };

beforeEach(() => {
  const handlers = new Map<string, (() => void) | null>();
  session = {
    metadata: null,
    handlers,
    setActionHandler: (action, handler) => {
      handlers.set(action, handler);
    },
  };
  vi.stubGlobal("navigator", { ...navigator, mediaSession: session });
  vi.stubGlobal(
    "MediaMetadata",
    class {
      constructor(init: object) {
        Object.assign(this, init);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("useMediaSession", () => {
  it("names the playing video, its brand as artist and its poster as artwork", () => {
    const { rerender, unmount } = renderHook(({ current }) => useMediaSession(current, { step: () => {}, hasNext: true, hasPrevious: false }), {
      initialProps: { current: item("a", "Desk Lamp", "Lamp at night") },
    });
    expect(session.metadata).toMatchObject({ title: "Lamp at night", artist: "Lumen", artwork: [{ src: `${window.location.origin}/media/a/poster.jpg` }] });
    rerender({ current: item("b", "Floor Lamp", null) });
    expect(session.metadata).toMatchObject({ title: "Floor Lamp", artist: "Lumen" });
    unmount();
    expect(session.metadata).toBeNull();
  });

  it("steps to the next and previous video, and offers only the steps that exist", () => {
    const step = vi.fn();
    const { rerender, unmount } = renderHook(({ hasNext, hasPrevious }) => useMediaSession(item("a", "Desk Lamp", null), { step, hasNext, hasPrevious }), {
      initialProps: { hasNext: true, hasPrevious: false },
    });
    expect(session.handlers.get("previoustrack")).toBeNull();
    session.handlers.get("nexttrack")!();
    expect(step).toHaveBeenLastCalledWith(1);
    rerender({ hasNext: false, hasPrevious: true });
    expect(session.handlers.get("nexttrack")).toBeNull();
    session.handlers.get("previoustrack")!();
    expect(step).toHaveBeenLastCalledWith(-1);
    unmount();
    expect([...session.handlers.values()]).toEqual([null, null]);
  });
});
