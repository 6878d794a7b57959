import type { FeedItem, FeedPage } from "@reelmart/core/api/feed";
import { MARKETPLACE_COOKIE, STORAGE_KEYS } from "@reelmart/core/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removeBootPoster } from "../boot-poster.ts";
import { FIRST_FEED_PAGE_ELEMENT_ID, firstCardPoster, shuffledOrder } from "@reelmart/core/feed-order";
import { feedPageUrl } from "./feed-request.ts";
import { adoptFirstFeedPage, startFirstFeedPage } from "./first-page-prefetch.ts";
import { getFeedPage, useFeed } from "./get-feed.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { createElement, type ReactNode } from "react";

// The boot's first feed page (issue #14): requested before the app runs, adopted once by the query.

const item = (n: number, video = true): FeedItem =>
  ({
    id: `0000000${n}-0000-4000-8000-000000000000`,
    title: `Product ${n}`,
    thumbnailUrl: `/media/p${n}.jpg`,
    media: video
      ? [{ id: `m${n}`, url: `/media/videos/optimized-v${n}-480p.mp4`, isMain: true, thumbnailUrl: null, renditions: [], likeCount: 0, commentCount: 0, shareCount: 0, viewCount: 0 }]
      : [],
  }) as unknown as FeedItem;

const PAGE: FeedPage = { items: [item(1), item(2, false), item(3), item(4), item(5)], nextCursor: "c2", seed: "s" } as FeedPage;

function respond(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

describe("the first feed page, started by the boot script", () => {
  let requests: string[];
  let answer: () => Promise<Response>;
  beforeEach(() => {
    requests = [];
    answer = () => respond(PAGE);
    sessionStorage.setItem("feedSeed", "visit-seed");
    localStorage.setItem(STORAGE_KEYS.selectedMarketplace, "mp-1");
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL | string) => {
        requests.push(String(input));
        return answer();
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    delete window.__reelmartFirstFeedPage;
    delete window.__reelmartBootPosterDone;
    document.getElementById("boot-poster")?.remove();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  const options = { marketplaceId: "mp-1", seed: "visit-seed", similarTo: null };

  it("asks for the page the feed will ask for, and the feed adopts it instead of asking again", async () => {
    void startFirstFeedPage();
    expect(requests).toEqual([feedPageUrl(options, null).href]);
    const page = await getFeedPage(options, null);
    expect(requests).toHaveLength(1);
    expect(page.items.map((i) => i.id).sort()).toEqual(PAGE.items.map((i) => i.id).sort());
    // Taken once: a refresh asks the server.
    await getFeedPage(options, null);
    expect(requests).toHaveLength(2);
  });

  it("is not adopted by a feed asking for something else (another marketplace chosen meanwhile)", async () => {
    void startFirstFeedPage();
    await getFeedPage({ ...options, marketplaceId: "mp-2" }, null);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toContain("marketplaceId=mp-2");
    expect(adoptFirstFeedPage(feedPageUrl(options, null).href)).toBeNull();
  });

  it("leaves a failed request to the feed's own, which reports the error", async () => {
    answer = () => respond({ error: { code: "internal", message: "boom" } }, 503);
    void startFirstFeedPage();
    await expect(getFeedPage(options, null)).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(2);
  });

  it("preloads, with high priority, the poster of the card the feed shows first", async () => {
    void startFirstFeedPage();
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    const shown = (await getFeedPage(options, null)).items.find((i) => i.media.length > 0)!;
    const order = shuffledOrder(PAGE.items.length, "visit-seed:").map((i) => PAGE.items[i]!);
    expect(shown.id).toBe(order.find((i) => i.media.length > 0)!.id);
    expect(link.getAttribute("href")).toBe(`/media/videos/optimized-v${shown.id[7]}-480p-thumbnail.jpg`);
    expect(link.getAttribute("fetchpriority")).toBe("high");
  });

  it("paints that poster in the boot layer, hidden from assistive technology, until the app's first screen removes it", async () => {
    void startFirstFeedPage();
    await vi.waitFor(() => expect(document.getElementById("boot-poster")).not.toBeNull());
    const layer = document.getElementById("boot-poster") as HTMLImageElement;
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')!;
    expect(layer.getAttribute("src")).toBe(link.getAttribute("href"));
    expect(layer.alt).toBe("");
    expect(layer.getAttribute("aria-hidden")).toBe("true");
    removeBootPoster();
    expect(document.getElementById("boot-poster")).toBeNull();
  });

  it("is not painted once the app's first screen is there (a page answering after the app painted)", async () => {
    removeBootPoster();
    void startFirstFeedPage();
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    expect(document.getElementById("boot-poster")).toBeNull();
  });

  it("gives the feed's first render the page once it has answered, ordered as the query orders it, without asking again", async () => {
    void startFirstFeedPage();
    await vi.waitFor(() => expect(window.__reelmartFirstFeedPage?.settled).toBeTruthy());
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const pendingInRenders: boolean[] = [];
    const { result } = renderHook(
      () => {
        const feed = useFeed(options);
        pendingInRenders.push(feed.isPending);
        return feed;
      },
      { wrapper },
    );
    expect(pendingInRenders[0]).toBe(false);
    const order = shuffledOrder(PAGE.items.length, "visit-seed:").map((i) => PAGE.items[i]!.id);
    expect(result.current.data?.pages[0]?.items.map((i) => i.id)).toEqual(order);
    expect(requests).toHaveLength(1);
    // Taken once: the boot's page is no longer there for another query.
    expect(adoptFirstFeedPage(feedPageUrl(options, null).href)).toBeNull();
  });
});

describe("the first feed page the server wrote into the home page (decision 183)", () => {
  let requests: string[];
  const SERVER_PAGE: FeedPage = { ...PAGE, seed: "server-seed" };
  const serverPoster = () => firstCardPoster(SERVER_PAGE, { seed: "server-seed", similarTo: null })!;

  beforeEach(() => {
    requests = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: URL | string) => {
        requests.push(String(input));
        return respond(PAGE);
      }),
    );
    writeServerPage();
  });

  /** As the server writes them after <body>: the poster in the boot layer, then the page. */
  function writeServerPage(marketplaceId = "") {
    document.getElementById("boot-poster")?.remove();
    document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID)?.remove();
    const poster = document.createElement("img");
    poster.id = "boot-poster";
    poster.setAttribute("src", serverPoster());
    const data = document.createElement("script");
    data.type = "application/json";
    data.id = FIRST_FEED_PAGE_ELEMENT_ID;
    data.dataset.marketplaceId = marketplaceId;
    data.textContent = JSON.stringify(SERVER_PAGE).replace(/</g, "\\u003c");
    document.body.append(poster, data);
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
    document.cookie = `${MARKETPLACE_COOKIE}=; Max-Age=0; Path=/`;
    delete window.__reelmartFirstFeedPage;
    delete window.__reelmartBootPosterDone;
    document.getElementById("boot-poster")?.remove();
    document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID)?.remove();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  it("is a first visit's: its seed becomes the visit's, the feed adopts it without asking, and the server's poster stays", async () => {
    const poster = document.getElementById("boot-poster");
    void startFirstFeedPage();
    expect(sessionStorage.getItem("feedSeed")).toBe("server-seed");
    const options = { marketplaceId: null, seed: "server-seed", similarTo: null };
    const page = await getFeedPage(options, null);
    expect(requests).toEqual([]);
    expect(page.items.map((i) => i.id)).toEqual(shuffledOrder(PAGE.items.length, "server-seed:").map((i) => PAGE.items[i]!.id));
    expect(document.getElementById("boot-poster")).toBe(poster);
    // Preloaded by the server's head already: the boot adds no second preload.
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
    expect(document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID)).toBeNull();
  });

  it("is taken for the marketplace the visit chose, whose choice the boot mirrors in the cookie the server reads", async () => {
    localStorage.setItem(STORAGE_KEYS.selectedMarketplace, "mp-1");
    writeServerPage("mp-1");
    void startFirstFeedPage();
    expect(document.cookie).toContain(`${MARKETPLACE_COOKIE}=mp-1`);
    await getFeedPage({ marketplaceId: "mp-1", seed: "server-seed", similarTo: null }, null);
    expect(requests).toEqual([]);
  });

  it("is not taken by a visit that chose another marketplace or already has its order (a reload): it asks, and the server's poster goes", async () => {
    for (const visit of [() => localStorage.setItem(STORAGE_KEYS.selectedMarketplace, "mp-1"), () => sessionStorage.setItem("feedSeed", "earlier-seed")]) {
      visit();
      void startFirstFeedPage();
      expect(requests).toHaveLength(1);
      expect(requests[0]).not.toContain("server-seed");
      expect(document.getElementById("boot-poster")?.getAttribute("src") ?? null).not.toBe(serverPoster());
      expect(sessionStorage.getItem("feedSeed")).not.toBe("server-seed");
      requests = [];
      localStorage.clear();
      sessionStorage.clear();
      delete window.__reelmartFirstFeedPage;
      writeServerPage();
    }
  });
});
