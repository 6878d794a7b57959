import type { FeedItem, FeedPage } from "./api/feed.ts";
import { knownVideoPoster } from "./thumbnails.ts";

// The feed as the app shows it: its page size, the order a page is shown in and the card it opens
// on. The app shuffles each page on the device with the visit's seed (decision 010), and the server,
// which writes the first page and its first card's poster into the home page's HTML (decision 183),
// must name the same page and card. No zod here: the boot script and the app's entry import this.

/** The app's page: enough cards for the current one and its preload neighbours, small enough to arrive fast on 3G. */
export const FEED_APP_PAGE_SIZE = 8;

/** The id of the home page's element holding the first feed page's JSON (decision 183). */
export const FIRST_FEED_PAGE_ELEMENT_ID = "first-feed-page";

/** 32-bit FNV-1a of the seed: the same string always gives the same shuffle. */
function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, good-enough PRNG for ordering a list. */
function random(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded Fisher-Yates permutation of 0..length-1. */
export function shuffledOrder(length: number, seed: string): number[] {
  const order = Array.from({ length }, (_, i) => i);
  const next = random(seed);
  for (let i = length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The seed a page is shuffled with on the device: the visit's seed and the page's cursor. */
export function pageShuffleSeed(visitSeed: string, cursor: string | null): string {
  return `${visitSeed}:${cursor ?? ""}`;
}

/** The main video of a feed item: the flagged main one, else the first by display order. */
export function cardMedia(item: FeedItem) {
  return item.media.find((m) => m.isMain) ?? item.media[0] ?? null;
}

/**
 * The poster of the card the feed opens on, for a first page: the page in its device order (a
 * 'similar' first page keeps the server's, whose order is the point), then the first card with a video.
 */
export function firstCardPoster(page: FeedPage, options: { seed: string; similarTo: string | null }): string | null {
  const items = options.similarTo ? page.items : shuffledOrder(page.items.length, pageShuffleSeed(options.seed, null)).map((i) => page.items[i]!);
  for (const item of items) {
    const media = cardMedia(item);
    if (media?.url) return knownVideoPoster(media) ?? item.thumbnailUrl;
  }
  return null;
}
