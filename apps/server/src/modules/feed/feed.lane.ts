import { FeedQuerySchema } from "@reelmart/core/api/feed";
import { type TargetLaneAnswer, memoryAnswerHeaders, sendFromMemory } from "../../fast-lane.ts";
import { feedPageBytesFromMemory } from "./feed.service.ts";

// GET /api/feed in the fast lane (decisions 111, 203): a feed page built from memory, answered
// before the target is parsed as a URL or looked up in the public cache: every visit's first page
// has a seed of its own, so a lookup would miss. Only the exact path, with a query free of a
// fragment, is taken here; anything else goes on the usual way (the app, or a public-cache entry of
// a page memory cannot build). An entry of the same page (stored when the app answered it: while the
// order was being built, or before its cards were all held; fresh for 2 s) holds the same cards;
// memory's counters are the newer.

const FEED_PATH = "/api/feed";

/** Whether the raw target is exactly the feed's path, with or without a query, and no fragment. */
function isFeedTarget(target: string): boolean {
  return target.startsWith(FEED_PATH) && (target.length === FEED_PATH.length || target[FEED_PATH.length] === "?") && !target.includes("#");
}

export const feedPageLane: TargetLaneAnswer = {
  route: FEED_PATH,
  reads: "target",
  match: (target) => (isFeedTarget(target) ? target.slice(FEED_PATH.length + 1) : undefined),
  open({ readModel: { feed } }, headersFor) {
    const headers = memoryAnswerHeaders(headersFor, FEED_PATH);
    return (request, response, query) => {
      const parsed = FeedQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
      if (!parsed.success) return false;
      const page = feedPageBytesFromMemory(feed, parsed.data);
      if (page === undefined) return false;
      sendFromMemory(response, page, request.headers["accept-encoding"], headers);
      return true;
    };
  },
  samples: ({ marketplaceId }) => [
    { target: `${FEED_PATH}?marketplaceId=${marketplaceId}&seed=lane-sample&limit=4` },
    { target: `${FEED_PATH}?marketplaceId=${marketplaceId}&seed=lane-sample&limit=4`, headers: { "accept-encoding": "gzip" } },
    { target: `${FEED_PATH}?seed=lane-sample-everywhere` },
  ],
};
