import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { listingShows } from "../modules/catalog/catalog.scope.ts";
import { feedMembers } from "../modules/feed/feed.membership.ts";

// The feed's eligible order held whole (docs/decisions/110-feed-from-memory.md): feedMembers
// (modules/feed/feed.membership.ts), by (feed_rank, id), as parallel arrays, with one index list
// per marketplace; a page is two binary searches and a slice, so any seed's first page costs no
// query. FeedMemory (feed-memory.ts) loads one per FEED_ORDER_CHANNEL notification and answers the
// walk from it.

/** One position of the walk, as the cursor carries it (decision 010). */
export interface FeedPosition {
  start: number;
  phase: 0 | 1;
  rank: number;
  id: string;
}

export interface FeedRowRef {
  id: string;
  feed_rank: number;
}

/** The eligible order: parallel arrays by (feed_rank, id); per marketplace, ascending indices into them. */
export class FeedOrder {
  private readonly everything: Int32Array;

  constructor(
    private readonly ranks: Float64Array,
    private readonly ids: string[],
    private readonly byMarketplace: ReadonlyMap<string, Int32Array>,
    readonly generation: number,
  ) {
    this.everything = Int32Array.from(ids.keys());
  }

  get size(): number {
    return this.ids.length;
  }

  /** Product ids from `start` in feed order (prefilling the cards). */
  idsFrom(start: number, count: number): string[] {
    return this.ids.slice(start, start + count);
  }

  /** Rough heap held, for the record (decision 110 reports it at 100k products). */
  get approximateBytes(): number {
    let bytes = this.ranks.byteLength + this.everything.byteLength + this.ids.length * (8 + 56);
    for (const list of this.byMarketplace.values()) bytes += list.byteLength;
    return bytes;
  }

  /**
   * Up to `want` rows after `position` in one phase (exclusive; from the phase's start when rank is
   * -1), like the SQL keyset walk: phase 0 is rank >= start, phase 1 is rank < start.
   */
  walk(marketplaceId: string | undefined, position: FeedPosition, want: number): FeedRowRef[] {
    const list = marketplaceId === undefined ? this.everything : (this.byMarketplace.get(marketplaceId.toLowerCase()) ?? new Int32Array());
    const phaseStart = position.phase === 0 ? this.firstAtOrAbove(list, position.start) : 0;
    const phaseEnd = position.phase === 0 ? list.length : this.firstAtOrAbove(list, position.start);
    const from = position.rank >= 0 ? Math.max(phaseStart, this.firstAfter(list, position.rank, position.id.toLowerCase())) : phaseStart;
    const rows: FeedRowRef[] = [];
    for (let i = from; i < phaseEnd && rows.length < want; i++) {
      const index = list[i]!;
      rows.push({ id: this.ids[index]!, feed_rank: this.ranks[index]! });
    }
    return rows;
  }

  /** `want` rows from `position`, wrapping from phase 0 into phase 1 like the SQL walk. */
  walkFrom(marketplaceId: string | undefined, position: FeedPosition, want: number): FeedRowRef[] {
    const rows = this.walk(marketplaceId, position, want);
    if (rows.length < want && position.phase === 0) rows.push(...this.walk(marketplaceId, { start: position.start, phase: 1, rank: -1, id: "" }, want - rows.length));
    return rows;
  }

  /** First position in `list` whose rank is >= rank. */
  private firstAtOrAbove(list: Int32Array, rank: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ranks[list[mid]!]! < rank) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** First position in `list` strictly after (rank, id). Lower-case uuid text sorts as PostgreSQL sorts uuids. */
  private firstAfter(list: Int32Array, rank: number, id: string): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const index = list[mid]!;
      const midRank = this.ranks[index]!;
      if (midRank < rank || (midRank === rank && this.ids[index]! <= id)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/**
 * Reads the eligible order (feedMembers, with the listings listedInMarketplace counts): two queries,
 * O(catalogue), once per FEED_ORDER_CHANNEL notification.
 */
export async function loadFeedOrder(db: Kysely<DB>, generation: number): Promise<FeedOrder> {
  const rows = await feedMembers(db).clearSelect().select(["p.id", "p.feed_rank"]).execute();
  const listings = await db.selectFrom("marketplace_listings as ml").select(["ml.product_id", "ml.marketplace_id"]).where(listingShows).execute();
  const ranks = new Float64Array(rows.length);
  const ids: string[] = new Array(rows.length);
  const indexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    ranks[index] = row.feed_rank;
    ids[index] = row.id.toLowerCase();
    indexOf.set(ids[index], index);
  });
  const lists = new Map<string, number[]>();
  for (const listing of listings) {
    const index = indexOf.get(listing.product_id.toLowerCase());
    if (index === undefined) continue;
    const key = listing.marketplace_id.toLowerCase();
    let list = lists.get(key);
    if (!list) lists.set(key, (list = []));
    list.push(index);
  }
  const byMarketplace = new Map<string, Int32Array>();
  for (const [key, list] of lists) byMarketplace.set(key, Int32Array.from(list).sort());
  return new FeedOrder(ranks, ids, byMarketplace, generation);
}
