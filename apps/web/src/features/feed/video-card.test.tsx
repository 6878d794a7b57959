import type { FeedItem } from "@reelmart/core/api/feed";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, createEvent, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadToaster } from "../../shared/ui/toast.ts";
import { VideoCard } from "./video-card.tsx";

const MEDIA_ID = "11111111-1111-4111-8111-111111111111";
const ITEM: FeedItem = {
  id: "22222222-2222-4222-8222-222222222222",
  title: "Desk Lamp",
  description: "A lamp",
  price: "999.00",
  discountPercentage: 0,
  category: "Home",
  stock: 5,
  status: "active",
  brandId: null,
  brand: null,
  thumbnailUrl: "/lamp.jpg",
  rating: 4.5,
  reviews: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  media: [
    {
      id: MEDIA_ID,
      productId: "22222222-2222-4222-8222-222222222222",
      url: "/lamp.mp4",
      type: "video",
      category: "product",
      title: null,
      duration: 10,
      isMain: true,
      isCover: false,
      displayOrder: 0,
      thumbnailUrl: "/lamp-thumbnail.jpg",
      likeCount: 7,
      commentCount: 0,
      viewCount: 0,
      shareCount: 0,
      status: "ready",
      renditions: [],
    },
  ],
};

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

function doubleTap(element: HTMLElement) {
  for (let i = 0; i < 2; i += 1) {
    fireEvent.pointerDown(element, { pointerType: "mouse", button: 0, clientX: 100, clientY: 200 });
    fireEvent.pointerUp(window, { pointerType: "mouse", button: 0, clientX: 100, clientY: 200 });
  }
}

/** A click whose press and release carry `time` as their event time, whenever its handlers run. */
function tapAt(element: HTMLElement, time: number) {
  const press = createEvent.pointerDown(element, { pointerType: "mouse", button: 0, clientX: 100, clientY: 200 });
  const release = createEvent.pointerUp(window, { pointerType: "mouse", button: 0, clientX: 100, clientY: 200 });
  for (const event of [press, release]) Object.defineProperty(event, "timeStamp", { value: time });
  fireEvent(element, press);
  fireEvent(window, release);
}

async function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <VideoCard item={ITEM} load="none" captureThumbnail={false} playerRef={null} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  const card = screen.getByRole("article", { name: "Desk Lamp" });
  const rail = () => within(card).getByRole("button", { name: /^(Like|Unlike)$/ });
  await screen.findByText("7");
  await act(async () => {
    await Promise.resolve();
  });
  return { card, rail };
}

// Toasts are shown synchronously once sonner has loaded (shared/ui/toast.ts), as the fake timers below expect.
beforeAll(async () => {
  await loadToaster();
});

describe("VideoCard", () => {
  beforeEach(() => {
    // jsdom has no Web Animations API; the double-tap heart uses it.
    Object.defineProperty(HTMLElement.prototype, "animate", { configurable: true, value: vi.fn() });
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL | string) => {
        const path = new URL(String(input)).pathname;
        if (path === "/api/session") return respond(200, { user: null });
        if (path.endsWith("/engagement")) return respond(200, { mediaId: MEDIA_ID, productId: "22222222-2222-4222-8222-222222222222", likeCount: 7, commentCount: 0, shareCount: 0, viewCount: 0, saveCount: 0, likedByMe: false });
        return respond(404, { error: { code: "not_found", message: "no" } });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(HTMLElement.prototype, "animate");
  });

  it("signed out: a double tap shows the like on the rail too, and both revert after 1 s", async () => {
    const { card, rail } = await renderCard();

    vi.useFakeTimers();
    doubleTap(card);
    expect(rail()).toHaveAccessibleName("Unlike");
    expect(rail()).toHaveAttribute("aria-pressed", "true");
    expect(rail()).toHaveTextContent("8");
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(rail()).toHaveAccessibleName("Like");
    expect(rail()).toHaveAttribute("aria-pressed", "false");
    expect(rail()).toHaveTextContent("7");
    vi.useRealTimers();
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes("/like"))).toBe(false);
  });

  it("judges a double tap by the taps' own times, not by when a busy page ran their handlers", async () => {
    const { card, rail } = await renderCard();
    vi.useFakeTimers();
    // Handlers run back to back, but the taps were 400 ms apart: two single taps.
    tapAt(card, 1000);
    tapAt(card, 1400);
    expect(rail()).toHaveAccessibleName("Like");
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    // 150 ms apart, whenever the page got to them: a double tap.
    tapAt(card, 5000);
    tapAt(card, 5150);
    expect(rail()).toHaveAccessibleName("Unlike");
    vi.useRealTimers();
  });
});
