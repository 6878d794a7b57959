import { randomBytes } from "node:crypto";
import { type FeedPage, FeedPageSchema, type FeedQuery } from "@reelmart/core/api/feed";
import { isUuid } from "@reelmart/core/ids";
import { type Kysely, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { DB } from "../../db/schema.ts";
import { badCursor, notFound } from "../../shared/errors.ts";
import { withMedia } from "../catalog/product-media.service.ts";
import { countersNotice, countersNoticeCall, countedColumns } from "../realtime/realtime.service.ts";
import { feedMembers } from "./feed.membership.ts";
import type { FeedMemory } from "../../read-model/feed-memory.ts";
import type { FeedPosition, FeedRowRef } from "../../read-model/feed-order.ts";
import { ItemsSplice } from "../../read-model/spliced-body.ts";

// Feed order (docs/decisions/010-feed-order.md): every product has a random feed_rank in [0,1)
// (indexed with id, for active products). A visit's seed maps to a start point s; the feed is the
// keyset walk feed_rank >= s, then wraps around to feed_rank < s. Each page is one index range
// scan of `limit` rows, so the cost does not grow with the catalogue.

/** Where the next page starts: phase 0 walks [s, 1), phase 1 walks [0, s). */
type Cursor = FeedPosition;

/** The id half of a "from the start of the phase" position (rank -1 sorts before every rank). */
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * A seed's start point in [0, 1): cyrb53, a 53-bit non-cryptographic string hash (two multiplicative
 * 32-bit lanes mixed at the end), exact in a double. Nothing depends on the seed being unguessable
 * (a visitor may send any seed), only on it spreading visits evenly; a SHA-256 per request was 2.6%
 * of the feed's CPU under load (decision 203).
 */
export function seedToStart(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i += 1) {
    const code = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (2 ** 32 * (h2 & 0x1fffff) + (h1 >>> 0)) / 2 ** 53;
}

export function encodeFeedCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.phase}|${cursor.start}|${cursor.rank}|${cursor.id}`).toString("base64url");
}

export function decodeFeedCursor(raw: string): Cursor {
  const parts = Buffer.from(raw, "base64url").toString("utf8").split("|");
  const [phase, start, rank, id] = parts;
  const startNumber = Number(start);
  const rankNumber = Number(rank);
  const valid =
    parts.length === 4 &&
    (phase === "0" || phase === "1") &&
    start !== "" && Number.isFinite(startNumber) && startNumber >= 0 && startNumber < 1 &&
    rank !== "" && Number.isFinite(rankNumber) &&
    isUuid(id ?? "");
  if (!valid) throw badCursor();
  return { phase: phase === "0" ? 0 : 1, start: startNumber, rank: rankNumber, id: id! };
}

type Candidates = ReturnType<typeof feedMembers>;
type FeedRow = Awaited<ReturnType<Candidates["execute"]>>[number];

/** One phase of the walk, after `after` (exclusive) when given, in feed order. */
async function walk(base: Candidates, cursor: Cursor, limit: number): Promise<FeedRow[]> {
  let query = base;
  query = cursor.phase === 0 ? query.where("p.feed_rank", ">=", cursor.start) : query.where("p.feed_rank", "<", cursor.start);
  if (cursor.rank >= 0) {
    query = query.where((eb) =>
      eb.or([eb("p.feed_rank", ">", cursor.rank), eb.and([eb("p.feed_rank", "=", cursor.rank), eb("p.id", ">", cursor.id)])]),
    );
  }
  return query.limit(limit).execute();
}

/** The first position of a visit, or where its cursor says the next page starts. */
function startOf(input: FeedQuery, seed: string): Cursor {
  return input.cursor ? decodeFeedCursor(input.cursor) : { start: seedToStart(seed), phase: 0, rank: -1, id: NIL_UUID };
}

/** The page's own rows (after `leading` ones) and the cursor after them, from up to limit + 1 walked rows. */
function cut<T extends FeedRowRef>(rows: T[], leadingCount: number, cursor: Cursor, limit: number): { pageRows: T[]; nextCursor: string | null } {
  const pageRows = rows.slice(0, Math.max(limit - leadingCount, 0));
  const hasMore = rows.length > pageRows.length;
  const last = pageRows.at(-1);
  let nextCursor: string | null = null;
  if (hasMore) {
    // When 'similar' items filled the whole first page, the shuffled feed starts on the next one.
    nextCursor = last
      ? encodeFeedCursor({ start: cursor.start, phase: last.feed_rank >= cursor.start ? 0 : 1, rank: last.feed_rank, id: last.id })
      : encodeFeedCursor(cursor);
  }
  return { pageRows, nextCursor };
}

/**
 * A page of the shuffled feed for one visit (seed) and marketplace. With `memory` (decision 110)
 * the walk and the cards come from memory once its order is built; the SQL walk serves until then.
 */
export async function getFeedPage(db: Kysely<DB>, input: FeedQuery, memory?: FeedMemory): Promise<FeedPage> {
  const seed = input.seed ?? randomBytes(8).toString("base64url");
  const cursor = startOf(input, seed);
  const order = memory?.currentOrder();
  // Built only when SQL is needed: on the warm path the request runs no query at all.
  let base: Candidates | undefined;
  const candidates = () => (base ??= feedMembers(db, input.marketplaceId));

  const leading: FeedRow[] = [];
  if (input.similarTo && !input.cursor) leading.push(...(await similarFeedLead(db, candidates(), input.similarTo, input.limit)));
  const leadingIds = new Set(leading.map((row) => row.id));

  // limit + 1 rows tell whether another page exists without a count over the catalogue.
  const want = input.limit - leading.length + 1;
  if (memory && order) {
    const { pageRows, nextCursor } = cut(order.walkFrom(input.marketplaceId, cursor, want), leading.length, cursor, input.limit);
    const ids = [...leading, ...pageRows.filter((row) => !leadingIds.has(row.id))].map((row) => row.id);
    return { items: await memory.cardsFor(ids), nextCursor, seed };
  }
  const rows = await walk(candidates(), cursor, want);
  if (rows.length < want && cursor.phase === 0) {
    rows.push(...(await walk(candidates(), { start: cursor.start, phase: 1, rank: -1, id: NIL_UUID }, want - rows.length)));
  }
  const { pageRows, nextCursor } = cut(rows, leading.length, cursor, input.limit);
  // FeedItemSchema: a feed item's media are its ready videos only.
  return { items: await withMedia(db, [...leading, ...pageRows.filter((row) => !leadingIds.has(row.id))], "ready-videos"), nextCursor, seed };
}

const feedPageBody = new ItemsSplice(FeedPageSchema);

/**
 * The page for `input` as its JSON body (the bytes of `JSON.stringify` of the FeedPage, joined from
 * the cards' bytes held in memory) when memory holds everything it needs, computed without awaiting
 * anything (the fast lane, decision 111); undefined when the request needs the database or a 400.
 */
export function feedPageBytesFromMemory(memory: FeedMemory, input: FeedQuery): Buffer | undefined {
  const order = memory.currentOrder();
  if (!order || input.similarTo) return undefined;
  const seed = input.seed ?? randomBytes(8).toString("base64url");
  let cursor: Cursor;
  try {
    cursor = startOf(input, seed);
  } catch {
    // swallowed: a cursor startOf refuses goes to the database path, which reads it again and answers 400.
    return undefined;
  }
  const { pageRows, nextCursor } = cut(order.walkFrom(input.marketplaceId, cursor, input.limit + 1), 0, cursor, input.limit);
  const cards = memory.heldCardsBytes(pageRows.map((row) => row.id));
  return cards && feedPageBody.bytes(cards, { nextCursor, seed });
}

/**
 * 'similar' mode: the product itself (when it has a ready video), then products of the same
 * category or brand, in feed order. Bounded by the page size, so it stays O(page).
 */
async function similarFeedLead(db: Kysely<DB>, base: Candidates, productId: string, limit: number): Promise<FeedRow[]> {
  const anchor = await db.selectFrom("products").select(["id", "category", "brand_id"]).where("id", "=", productId).executeTakeFirst();
  if (!anchor) throw notFound(`Product with ID ${productId} not found`);
  const self = await base.where("p.id", "=", productId).execute();
  const others = await base
    .where("p.id", "!=", productId)
    .where((eb) => (anchor.brand_id ? eb.or([eb("p.category", "=", anchor.category), eb("p.brand_id", "=", anchor.brand_id)]) : eb("p.category", "=", anchor.category)))
    .limit(Math.max(limit - self.length, 0))
    .execute();
  return [...self, ...others];
}

/**
 * Counts one view in one statement (docs/decisions/105, as likes and shares): the counter moves in
 * SQL (never read-then-write) with the video_views row that causes it (DESIGN.md, Data), and the
 * counters notice, on the topic likes and shares use, is sent at its commit with the counts open
 * rails show (decision 190). The daily rollups count the row later, off this request (rollUpViews, decision 151).
 * Compiled once (decision 189).
 */
const viewStatement = compiledOnce(
  (db, v: { mediaId: string; sessionId: string; userId: string | null; counterNotice: string }) => sql<{ view_count: number }>`
    with counted as (update product_media set view_count = view_count + 1 where id = ${v.mediaId} returning product_id, ${countedColumns}),
    viewed as (insert into video_views (media_id, product_id, user_id, session_id) select id, product_id, ${v.userId}, ${v.sessionId} from counted)
    select view_count, ${countersNoticeCall(v.counterNotice, "counted")} as notified from counted`,
);

export async function recordView(db: Kysely<DB>, input: { mediaId: string; sessionId: string; userId: string | null }): Promise<{ viewCount: number }> {
  const { rows } = await viewStatement(db, { ...input, counterNotice: countersNotice(input.mediaId) });
  if (!rows[0]) throw notFound(`Media with ID ${input.mediaId} not found`);
  return { viewCount: rows[0].view_count };
}
