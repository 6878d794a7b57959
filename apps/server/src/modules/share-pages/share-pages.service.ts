import type { Brand, Media, ProductSummary } from "@reelmart/core/api/catalog";
import { isUuid } from "@reelmart/core/ids";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { getSettings } from "../admin/settings.service.ts";
import { getBrand } from "../catalog/brands.service.ts";
import { toProductSummary } from "../catalog/catalog.mappers.ts";
import { type CatalogueSource, getCatalogueEntry } from "../catalog/products.service.ts";
import type { WatchVideo } from "./page-meta.ts";

// What the share pages read. A product comes from the catalogue cache (decision 030) with its
// counters as old as the entry: a page head states prices and pictures, not live counts, so a warm
// server renders a product page without a query.

/** An active product as its page shows it, or null (unknown, inactive or not an id). */
export async function productForPage(source: CatalogueSource, id: string): Promise<ProductSummary | null> {
  if (!isUuid(id)) return null;
  const entry = await getCatalogueEntry(source, id);
  return entry ? toProductSummary(entry.row, entry.media) : null;
}

/** One of the product's ready videos (what ?media= may name), or undefined. */
export function readyVideoOf(product: ProductSummary, mediaId: string | undefined): Media | undefined {
  if (!mediaId) return undefined;
  const key = mediaId.toLowerCase();
  return product.media.find((media) => media.id.toLowerCase() === key && media.type === "video" && media.status === "ready");
}

/**
 * A ready video of an active product with the product, or null: shoppers see exactly these (the
 * catalogue's "usable" media of active products). One indexed query for what the catalogue does not
 * hold (its product, upload time and current counts).
 */
export async function videoForPage(source: CatalogueSource, mediaId: string): Promise<{ product: ProductSummary; video: WatchVideo } | null> {
  if (!isUuid(mediaId)) return null;
  const row = await source.db
    .selectFrom("product_media")
    .select(["product_id", "created_at", "view_count", "like_count"])
    .where("id", "=", mediaId)
    .where("type", "=", "video")
    .where("status", "=", "ready")
    .executeTakeFirst();
  if (!row) return null;
  const product = await productForPage(source, row.product_id);
  const media = product && readyVideoOf(product, mediaId);
  if (!product || !media) return null;
  return { product, video: { media, uploadedAt: new Date(row.created_at), viewCount: row.view_count, likeCount: row.like_count } };
}

export async function brandForPage(db: Kysely<DB>, id: string): Promise<Brand | null> {
  return isUuid(id) ? getBrand(db, id) : null;
}

const STORE_NAME_TTL_MS = 60_000;

/**
 * The store's name (admin settings) for page titles, read at most once a minute and refreshed
 * behind the requests, so a page costs no settings query; a rename shows within a minute, and
 * within a minute and a half on a page the public cache holds (SHARE_PAGE_FRESH_MS, decision 181).
 */
export class StoreName {
  private value: string | undefined;
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
  ) {}

  async get(): Promise<string> {
    if (this.value === undefined) await this.refresh();
    else if (Date.now() - this.readAt > STORE_NAME_TTL_MS) void this.refresh();
    return this.value ?? "Reelmart";
  }

  private refresh(): Promise<void> {
    this.reading ??= getSettings(this.db)
      .then((settings) => {
        this.value = settings.storeName;
        this.readAt = Date.now();
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, "store name unreadable; page titles keep the last one"))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}
