import type { LaneAnswer } from "./fast-lane.ts";
import { productPageLane } from "./modules/catalog/products.lane.ts";
import { feedPageLane } from "./modules/feed/feed.lane.ts";
import { searchLane } from "./modules/search/search.lane.ts";

/**
 * Every module's answer in the fast lane (fast-lane.ts, decision 225), in the order the lane tries
 * them among those read the same way (the raw target's first, then the URL's). Each is checked
 * against the app by its samples (fast-lane.parity.test.ts); a `*.lane.ts` not listed here fails
 * scripts/lint-rules.test.ts.
 */
export const laneAnswers: readonly LaneAnswer[] = [productPageLane, feedPageLane, searchLane];
