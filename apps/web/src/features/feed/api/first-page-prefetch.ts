import type { FeedPage } from "@reelmart/core/api/feed";
import { REQUEST_TIMEOUT_MS } from "@reelmart/core/constants";
import { knownVideoPoster } from "@reelmart/core/thumbnails";
import { getSelectedMarketplaceId } from "../../../shared/marketplace/marketplace-store.ts";
import { showBootPoster } from "../boot-poster.ts";
import { cardMedia } from "../card-media.ts";
import { visitSeed } from "../feed-seed.ts";
import { shuffledOrder } from "../shuffle.ts";
import { type FeedOptions, feedPageUrl } from "./feed-request.ts";

// The first feed page without the chain HTML → entry → feed chunk → /api/feed → poster: the boot
// script (app/boot.ts, loaded async from index.html's head before the app's entry) requests it and
// preloads the first card's poster; the feed query adopts that response instead of asking again.

interface FirstPage {
  /** The request's URL: the query adopts the page only if it would have asked for exactly this. */
  url: string;
  /** The page, or null when the request failed (the query then asks itself and reports the error). */
  page: Promise<FeedPage | null>;
  /** The page once it has answered (undefined before). */
  settled?: FeedPage | null;
}

declare global {
  interface Window {
    __reelmartFirstFeedPage?: FirstPage;
  }
}

/** The first card the feed will show of a first page: its own shuffle of the page, then the first with a video. */
export function firstCardPoster(page: FeedPage, options: FeedOptions): string | null {
  const items = options.similarTo ? page.items : shuffledOrder(page.items.length, `${options.seed}:`).map((i) => page.items[i]!);
  for (const item of items) {
    const media = cardMedia(item);
    if (media?.url) return knownVideoPoster(media) ?? item.thumbnailUrl;
  }
  return null;
}

/**
 * Starts GET /api/feed for the first page the feed will ask for, preloads its first card's poster
 * and paints it where the card will be (boot-poster.ts). Settles once that poster has loaded or
 * failed, or at once with the page when there is none to show.
 */
export function startFirstFeedPage(): Promise<void> {
  const options: FeedOptions = {
    marketplaceId: getSelectedMarketplaceId(),
    seed: visitSeed(),
    similarTo: new URLSearchParams(window.location.search).get("similar"),
  };
  const url = feedPageUrl(options, null).href;
  const page = fetch(url, { credentials: "same-origin", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then((response) => (response.ok ? (response.json() as Promise<FeedPage>) : null))
    .catch(() => null);
  const first: FirstPage = { url, page };
  window.__reelmartFirstFeedPage = first;
  // Before the poster's callbacks below: the entry starts after the poster, and finds the page answered.
  void page.then((answered) => {
    first.settled = answered;
  });
  return page.then((first) => {
    const poster = first && firstCardPoster(first, options);
    if (!poster) return;
    const link = document.createElement("link");
    link.rel = "preload";
    link.setAttribute("as", "image");
    link.setAttribute("fetchpriority", "high");
    link.href = poster;
    document.head.append(link);
    return showBootPoster(poster);
  });
}

/**
 * The boot's first page if it asked for `url`, else null. Taken once: a refetch (pull to refresh)
 * or a later visit to the feed asks the server again.
 */
export function adoptFirstFeedPage(url: string): Promise<FeedPage | null> | null {
  const first = window.__reelmartFirstFeedPage;
  if (!first) return null;
  delete window.__reelmartFirstFeedPage;
  return first.url === url ? first.page : null;
}

/**
 * The boot's first page if it asked for `url` and has already answered, else null (then the query
 * adopts it when it asks, adoptFirstFeedPage). Taken once, like adoptFirstFeedPage. The feed renders
 * its first card from it in its first render, instead of in a store update from the query.
 */
export function takeAnsweredFirstFeedPage(url: string): FeedPage | null {
  const first = window.__reelmartFirstFeedPage;
  if (!first?.settled || first.url !== url) return null;
  delete window.__reelmartFirstFeedPage;
  return first.settled;
}
