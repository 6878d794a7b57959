import type { FeedPage } from "@reelmart/core/api/feed";
import { REQUEST_TIMEOUT_MS } from "@reelmart/core/constants";
import { FIRST_FEED_PAGE_ELEMENT_ID, firstCardPoster } from "@reelmart/core/feed-order";
import { getSelectedMarketplaceId, syncMarketplaceCookie } from "../../../shared/marketplace/marketplace-store.ts";
import { showBootPoster, withdrawBootPoster } from "../boot-poster.ts";
import { adoptVisitSeed, visitSeed } from "../feed-seed.ts";
import { type FeedOptions, feedPageUrl } from "./feed-request.ts";

// The first feed page without the chain HTML → entry → feed chunk → /api/feed → poster. The server
// writes it into the home page with its first poster (decision 183); when that one is not the visit's,
// the boot script (app/boot.ts, loaded async from index.html's head before the app's entry) requests
// it and paints its first card's poster. Either way the feed query adopts it instead of asking again.

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

/**
 * Takes the feed's first page from the home page's HTML, or else starts GET /api/feed for the page
 * the feed will ask for; paints its first card's poster where the card will be (boot-poster.ts).
 * Settles once that poster has loaded or failed, or at once with the page when there is none to show.
 */
export function startFirstFeedPage(): Promise<void> {
  const written = document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID);
  // The boot script is async: it may run before the parser has reached the page in the body.
  if (!written && document.readyState === "loading") {
    return new Promise((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(firstPageFrom(document.getElementById(FIRST_FEED_PAGE_ELEMENT_ID))), { once: true }));
  }
  return firstPageFrom(written);
}

function firstPageFrom(written: HTMLElement | null): Promise<void> {
  const similarTo = new URLSearchParams(window.location.search).get("similar");
  const marketplaceId = getSelectedMarketplaceId();
  syncMarketplaceCookie();
  const page = written ? pageIn(written) : null;
  // The server's page is for the marketplace its cookie named, with a seed of its own. A visit whose
  // choice differs (made in another tab meanwhile), or that already has a seed (a reload keeps its
  // order), asks for its own.
  const writtenFor = written?.dataset.marketplaceId || null;
  if (page && writtenFor === marketplaceId && !similarTo && adoptVisitSeed(page.seed)) {
    const options: FeedOptions = { marketplaceId, seed: page.seed, similarTo };
    window.__reelmartFirstFeedPage = { url: feedPageUrl(options, null).href, page: Promise.resolve(page), settled: page };
    // The server preloaded and painted this poster: showBootPoster keeps its copy and waits for it.
    const poster = firstCardPoster(page, options);
    return poster ? showBootPoster(poster) : Promise.resolve();
  }
  withdrawBootPoster();

  const options: FeedOptions = { marketplaceId, seed: visitSeed(), similarTo };
  const url = feedPageUrl(options, null).href;
  const requested = fetch(url, { credentials: "same-origin", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then((response) => (response.ok ? (response.json() as Promise<FeedPage>) : null))
    // swallowed: a page not fetched ahead is fetched by the feed itself, which answers a failure on screen.
    .catch(() => null);
  const first: FirstPage = { url, page: requested };
  window.__reelmartFirstFeedPage = first;
  // Before the poster's callbacks below: the entry starts after the poster, and finds the page answered.
  void requested.then((answered) => {
    first.settled = answered;
  });
  return requested.then((answered) => (answered ? paintFirstPoster(answered, options) : undefined));
}

/** The JSON the server wrote, or null when it cannot be read. */
function pageIn(element: HTMLElement): FeedPage | null {
  element.remove();
  try {
    return JSON.parse(element.textContent ?? "") as FeedPage;
  } catch {
    // swallowed: a page the server wrote but the page cannot read is fetched by the feed itself.
    return null;
  }
}

/** Preloads the poster of the card the feed opens on, with high priority, and paints it in the boot layer. */
function paintFirstPoster(page: FeedPage, options: FeedOptions): Promise<void> {
  const poster = firstCardPoster(page, options);
  if (!poster) {
    withdrawBootPoster();
    return Promise.resolve();
  }
  const link = document.createElement("link");
  link.rel = "preload";
  link.setAttribute("as", "image");
  link.setAttribute("fetchpriority", "high");
  link.href = poster;
  document.head.append(link);
  return showBootPoster(poster);
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
