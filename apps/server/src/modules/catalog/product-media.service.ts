import type { Media, MediaRendition, ProductSummary } from "@reelmart/core/api/catalog";
import type { MediaCounts } from "@reelmart/core/engagement";
import type { Kysely } from "kysely";
import type { DB, ProductMediaTable } from "../../db/schema.ts";
import { type ProductRow, toMedia, toProductSummary } from "./catalog.mappers.ts";

// The media of public product reads (catalogue, feed, discovery, search): one query for the media
// of a whole page of products and one for their renditions, whatever the page size.

/**
 * Which media a public read shows. A video row exists before its encode finishes and holds a
 * stand-in card image as its url until then (for good when the encode failed), and an uploaded
 * image waits for its WebP files, so a shopper sees ready media only; the feed shows the ready
 * videos alone.
 */
export type MediaScope = "usable" | "ready-videos";

/** The columns COUNTER_COLUMNS and SHOWN_MEDIA_COLUMNS name: a select of others would read what no trigger watches. */
type WatchedMediaColumn = (typeof SHOWN_MEDIA_COLUMNS)[number] | (typeof COUNTER_COLUMNS)[number];

/** What mediaByProduct reads of a medium (toMedia's row). */
const MEDIA_READ = [
  "id",
  "product_id",
  "url",
  "type",
  "category",
  "title",
  "duration",
  "is_main",
  "is_cover",
  "display_order",
  "thumbnail_url",
  "like_count",
  "comment_count",
  "view_count",
  "share_count",
  "status",
  "captions_url",
] as const satisfies readonly WatchedMediaColumn[];

/** Media of many products, by product, each list by display order with renditions by height. */
export async function mediaByProduct(db: Kysely<DB>, productIds: string[], scope: MediaScope): Promise<Map<string, Media[]>> {
  const byProduct = new Map<string, Media[]>();
  if (!productIds.length) return byProduct;
  const rows = await db
    .selectFrom("product_media")
    .select(MEDIA_READ)
    .where("product_id", "in", productIds)
    .where((eb) =>
      scope === "ready-videos"
        ? eb.and([eb("type", "=", "video"), eb("status", "=", "ready")])
        : eb("status", "=", "ready"), // an uploaded image is 'processing' until its WebP files exist
    )
    .orderBy("product_id")
    .orderBy("display_order")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const renditions = new Map<string, MediaRendition[]>();
  const videoIds = rows.filter((row) => row.type === "video").map((row) => row.id);
  if (videoIds.length) {
    const renditionRows = await db
      .selectFrom("media_renditions")
      .select(["media_id", "height", "width", "url"])
      .where("media_id", "in", videoIds)
      .orderBy("media_id")
      .orderBy("height")
      .execute();
    for (const { media_id, ...rendition } of renditionRows) {
      const list = renditions.get(media_id) ?? [];
      list.push(rendition);
      renditions.set(media_id, list);
    }
  }
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(toMedia(row, renditions.get(row.id) ?? []));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/** The rows as product summaries, each with its media (two more queries, whatever the page size). */
export async function withMedia(db: Kysely<DB>, rows: ProductRow[], scope: MediaScope = "usable"): Promise<ProductSummary[]> {
  const media = await mediaByProduct(db, rows.map((row) => row.id), scope);
  return rows.map((row) => toProductSummary(row, media.get(row.id) ?? []));
}

/** A medium's engagement counters as stored, for overlaying on cached media. */
export interface MediaCountersRow {
  id: string;
  like_count: number;
  comment_count: number;
  view_count: number;
  share_count: number;
}

/** The columns of a MediaCountersRow, for a select or a counting statement's RETURNING. */
export const COUNTER_COLUMNS = ["id", "like_count", "comment_count", "view_count", "share_count"] as const;

/**
 * The product_media columns a held answer shows besides the counters: a change to one must drop the
 * answers that hold it, so the catalogue's triggers (migrations 0020 and 0100) watch exactly these,
 * while the counters (COUNTER_COLUMNS) reach clients through the counters topic (decision 190).
 * product-media.columns.test.ts holds the installed triggers and the table to this list: a column
 * the table gains belongs here or among the counters, and one added here needs a migration that
 * adds it to those triggers.
 */
export const SHOWN_MEDIA_COLUMNS = [
  "id",
  "product_id",
  "url",
  "type",
  "category",
  "title",
  "duration",
  "is_main",
  "is_cover",
  "display_order",
  "display_on_landing_page",
  "display_on_profile_page",
  "thumbnail_url",
  "source_type",
  "original_url",
  "status",
  "metadata",
  "created_at",
  "captions_url",
] as const satisfies readonly (keyof ProductMediaTable)[];

/** A stored row's counters as media (and a counters notice, decision 190) carry them. */
export const mediaCountsOf = (row: Omit<MediaCountersRow, "id">): MediaCounts => ({
  likeCount: row.like_count,
  commentCount: row.comment_count,
  viewCount: row.view_count,
  shareCount: row.share_count,
});

/** `media` with the counters in `rows` (media without a row keep theirs). */
export function withCounters(media: Media[], rows: Iterable<MediaCountersRow>): Media[] {
  const byId = new Map<string, MediaCountersRow>();
  for (const row of rows) byId.set(row.id, row);
  return media.map((item) => {
    const counters = byId.get(item.id);
    return counters ? { ...item, ...mediaCountsOf(counters) } : item;
  });
}
