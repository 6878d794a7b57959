import { createHash, randomBytes } from "node:crypto";
import { DEFAULT_RATING } from "@reelmart/core/constants";
import type { FeedItem, FeedPage, FeedQuery } from "@reelmart/core/api/feed";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, notFound } from "../../http/errors.ts";

// Feed order (docs/decisions/010-feed-order.md): every product has a random feed_rank in [0,1)
// (indexed with id, for active products). A visit's seed maps to a start point s; the feed is the
// keyset walk feed_rank >= s, then wraps around to feed_rank < s. Each page is one index range
// scan of `limit` rows, so the cost does not grow with the catalogue.

/** Where the next page starts: phase 0 walks [s, 1), phase 1 walks [0, s). */
interface Cursor {
  start: number;
  phase: 0 | 1;
  rank: number;
  id: string;
}

/** The id half of a "from the start of the phase" position (rank -1 sorts before every rank). */
const NIL_UUID = "00000000-0000-0000-0000-000000000000";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function seedToStart(seed: string): number {
  const digest = createHash("sha256").update(seed).digest();
  // 48 bits are plenty to spread visits over the rank space and stay exact in a double.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.phase}|${cursor.start}|${cursor.rank}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(raw: string): Cursor {
  const parts = Buffer.from(raw, "base64url").toString("utf8").split("|");
  const [phase, start, rank, id] = parts;
  const startNumber = Number(start);
  const rankNumber = Number(rank);
  const valid =
    parts.length === 4 &&
    (phase === "0" || phase === "1") &&
    start !== "" && Number.isFinite(startNumber) && startNumber >= 0 && startNumber < 1 &&
    rank !== "" && Number.isFinite(rankNumber) &&
    UUID.test(id ?? "");
  if (!valid) throw badRequest("cursor: is not a cursor this server issued", "cursor");
  return { phase: phase === "0" ? 0 : 1, start: startNumber, rank: rankNumber, id: id! };
}

type ProductRow = {
  id: string;
  title: string;
  description: string;
  price: string;
  discount_percentage: string;
  category: string;
  stock: number;
  status: "draft" | "active" | "archived";
  brand_id: string | null;
  thumbnail_url: string | null;
  rating_sum: number;
  review_count: number;
  feed_rank: number;
  created_at: Date;
};

/** Active products with at least one ready video, optionally listed in one marketplace. */
function feedCandidates(db: Kysely<DB>, marketplaceId: string | undefined) {
  let query = db
    .selectFrom("products as p")
    .select([
      "p.id",
      "p.title",
      "p.description",
      "p.price",
      "p.discount_percentage",
      "p.category",
      "p.stock",
      "p.status",
      "p.brand_id",
      "p.thumbnail_url",
      "p.rating_sum",
      "p.review_count",
      "p.feed_rank",
      "p.created_at",
    ])
    .where("p.status", "=", "active")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("product_media as m")
          .select(sql`1`.as("one"))
          .whereRef("m.product_id", "=", "p.id")
          .where("m.type", "=", "video")
          .where("m.status", "=", "ready"),
      ),
    );
  if (marketplaceId) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("marketplace_listings as l")
          .select(sql`1`.as("one"))
          .whereRef("l.product_id", "=", "p.id")
          .where("l.marketplace_id", "=", marketplaceId)
          .where("l.is_active", "=", true),
      ),
    );
  }
  return query;
}

type Candidates = ReturnType<typeof feedCandidates>;

/** One phase of the walk, after `after` (exclusive) when given, in (feed_rank, id) order. */
async function walk(base: Candidates, cursor: Cursor, limit: number): Promise<ProductRow[]> {
  let query = base;
  query = cursor.phase === 0 ? query.where("p.feed_rank", ">=", cursor.start) : query.where("p.feed_rank", "<", cursor.start);
  if (cursor.rank >= 0) {
    query = query.where((eb) =>
      eb.or([eb("p.feed_rank", ">", cursor.rank), eb.and([eb("p.feed_rank", "=", cursor.rank), eb("p.id", ">", cursor.id)])]),
    );
  }
  return query.orderBy("p.feed_rank").orderBy("p.id").limit(limit).execute();
}

/** A page of the shuffled feed for one visit (seed) and marketplace. */
export async function getFeedPage(db: Kysely<DB>, input: FeedQuery): Promise<FeedPage> {
  const seed = input.seed ?? randomBytes(8).toString("base64url");
  const base = feedCandidates(db, input.marketplaceId);
  const cursor: Cursor = input.cursor ? decodeCursor(input.cursor) : { start: seedToStart(seed), phase: 0, rank: -1, id: NIL_UUID };

  const leading: ProductRow[] = [];
  if (input.similarTo && !input.cursor) leading.push(...(await similarProducts(db, base, input.similarTo, input.limit)));
  const leadingIds = new Set(leading.map((row) => row.id));

  // limit + 1 rows tell whether another page exists without a count over the catalogue.
  const want = input.limit - leading.length + 1;
  const rows = await walk(base, cursor, want);
  if (rows.length < want && cursor.phase === 0) {
    rows.push(...(await walk(base, { start: cursor.start, phase: 1, rank: -1, id: NIL_UUID }, want - rows.length)));
  }
  const pageRows = rows.slice(0, Math.max(input.limit - leading.length, 0));
  const hasMore = rows.length > pageRows.length;
  const last = pageRows.at(-1);
  let nextCursor: string | null = null;
  if (hasMore) {
    // When 'similar' items filled the whole first page, the shuffled feed starts on the next one.
    nextCursor = last
      ? encodeCursor({ start: cursor.start, phase: last.feed_rank >= cursor.start ? 0 : 1, rank: last.feed_rank, id: last.id })
      : encodeCursor(cursor);
  }
  const products = [...leading, ...pageRows.filter((row) => !leadingIds.has(row.id))];
  return { items: await toFeedItems(db, products), nextCursor, seed };
}

/**
 * 'similar' mode: the product itself (when it has a ready video), then products of the same
 * category or brand, in feed order. Bounded by the page size, so it stays O(page).
 */
async function similarProducts(db: Kysely<DB>, base: Candidates, productId: string, limit: number): Promise<ProductRow[]> {
  const anchor = await db.selectFrom("products").select(["id", "category", "brand_id"]).where("id", "=", productId).executeTakeFirst();
  if (!anchor) throw notFound(`Product with ID ${productId} not found`);
  const self = await base.where("p.id", "=", productId).execute();
  const others = await base
    .where("p.id", "!=", productId)
    .where((eb) => (anchor.brand_id ? eb.or([eb("p.category", "=", anchor.category), eb("p.brand_id", "=", anchor.brand_id)]) : eb("p.category", "=", anchor.category)))
    .orderBy("p.feed_rank")
    .orderBy("p.id")
    .limit(Math.max(limit - self.length, 0))
    .execute();
  return [...self, ...others];
}

async function toFeedItems(db: Kysely<DB>, products: ProductRow[]): Promise<FeedItem[]> {
  if (products.length === 0) return [];
  const productIds = products.map((p) => p.id);
  const brandIds = [...new Set(products.flatMap((p) => (p.brand_id ? [p.brand_id] : [])))];
  const [media, brands] = await Promise.all([
    db
      .selectFrom("product_media")
      .selectAll()
      .where("product_id", "in", productIds)
      .where("type", "=", "video")
      .where("status", "=", "ready")
      .orderBy("product_id")
      .orderBy("display_order")
      .orderBy("created_at")
      .execute(),
    brandIds.length
      ? db.selectFrom("brands").select(["id", "name", "logo_url", "website_url"]).where("id", "in", brandIds).execute()
      : Promise.resolve([]),
  ]);
  const renditions = media.length
    ? await db
        .selectFrom("media_renditions")
        .select(["media_id", "height", "width", "url"])
        .where("media_id", "in", media.map((m) => m.id))
        .orderBy("media_id")
        .orderBy("height")
        .execute()
    : [];
  const renditionsByMedia = groupBy(renditions, (r) => r.media_id);
  const mediaByProduct = groupBy(media, (m) => m.product_id);
  const brandById = new Map(brands.map((b) => [b.id, b]));

  return products.map((p) => {
    const brand = p.brand_id ? brandById.get(p.brand_id) : undefined;
    return {
      id: p.id,
      title: p.title,
      description: p.description,
      price: p.price,
      discountPercentage: Number(p.discount_percentage),
      category: p.category,
      stock: p.stock,
      status: p.status,
      brandId: p.brand_id,
      // Verified is "has a website" until brands carry an explicit flag (same rule as the catalogue).
      brand: brand ? { id: brand.id, name: brand.name, logoUrl: brand.logo_url, verified: Boolean(brand.website_url) } : null,
      thumbnailUrl: p.thumbnail_url,
      rating: p.review_count > 0 ? Math.round((p.rating_sum / p.review_count) * 10) / 10 : DEFAULT_RATING,
      reviews: p.review_count,
      createdAt: p.created_at.toISOString(),
      media: (mediaByProduct.get(p.id) ?? []).map((m) => ({
        id: m.id,
        productId: m.product_id,
        url: m.url,
        type: m.type,
        category: m.category,
        title: m.title,
        duration: m.duration === null ? null : Number(m.duration),
        isMain: m.is_main,
        isCover: m.is_cover,
        displayOrder: m.display_order,
        thumbnailUrl: m.thumbnail_url,
        likeCount: m.like_count,
        commentCount: m.comment_count,
        viewCount: m.view_count,
        shareCount: m.share_count,
        status: m.status,
        renditions: (renditionsByMedia.get(m.id) ?? []).map((r) => ({ height: r.height, width: r.width, url: r.url })),
      })),
    };
  });
}

/**
 * Counts one view: the counter moves in SQL (never read-then-write) in the same transaction as the
 * video_views row that causes it (DESIGN.md, Data).
 */
export async function recordView(db: Kysely<DB>, input: { mediaId: string; sessionId: string; userId: string | null }): Promise<{ viewCount: number }> {
  return db.transaction().execute(async (trx) => {
    const media = await trx
      .updateTable("product_media")
      .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
      .where("id", "=", input.mediaId)
      .returning(["product_id", "view_count"])
      .executeTakeFirst();
    if (!media) throw notFound(`Media with ID ${input.mediaId} not found`);
    await trx
      .insertInto("video_views")
      .values({ media_id: input.mediaId, product_id: media.product_id, user_id: input.userId, session_id: input.sessionId })
      .execute();
    return { viewCount: media.view_count };
  });
}

// Map.groupBy needs Node 21; we run on 20.
function groupBy<T>(list: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
