import { randomBytes } from "node:crypto";
import type { Insertable, Kysely, Selectable } from "kysely";
import type { BrandsTable, DB, MarketplacesTable, ProductMediaTable, ProductsTable } from "../db/schema.ts";

// Small row builders for tests: each inserts one row with plausible defaults and returns it.
// Overrides take the table's own (snake_case) column names.

const suffix = () => randomBytes(3).toString("hex");

export type MarketplaceRow = Selectable<MarketplacesTable>;
export type BrandRow = Selectable<BrandsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type MediaRow = Selectable<ProductMediaTable>;

export async function createMarketplace(db: Kysely<DB>, overrides: Partial<Insertable<MarketplacesTable>> = {}): Promise<MarketplaceRow> {
  return db
    .insertInto("marketplaces")
    .values({ name: `Market ${suffix()}`, flag_url: "/flags/in.svg", ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createBrand(db: Kysely<DB>, overrides: Partial<Insertable<BrandsTable>> = {}): Promise<BrandRow> {
  return db
    .insertInto("brands")
    .values({ name: `Brand ${suffix()}`, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProductOverrides extends Partial<Insertable<ProductsTable>> {
  /** Active listings in these marketplaces. */
  marketplaceIds?: string[];
}

export async function createProduct(db: Kysely<DB>, overrides: ProductOverrides = {}): Promise<ProductRow> {
  const { marketplaceIds = [], ...columns } = overrides;
  const product = await db
    .insertInto("products")
    .values({
      title: `Product ${suffix()}`,
      price: "999.00",
      discount_percentage: "0",
      status: "active",
      stock: 10,
      specifications: "{}",
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (marketplaceIds.length) {
    await db
      .insertInto("marketplace_listings")
      .values(marketplaceIds.map((marketplace_id) => ({ product_id: product.id, marketplace_id })))
      .execute();
  }
  return product;
}

export interface MediaOverrides extends Partial<Insertable<ProductMediaTable>> {
  /** Video renditions by height (width follows 9:16); defaults to 480 and 720 for videos, none for images. */
  renditionHeights?: number[];
}

export async function createMedia(db: Kysely<DB>, productId: string, overrides: MediaOverrides = {}): Promise<MediaRow> {
  const { renditionHeights, ...columns } = overrides;
  const type = columns.type ?? "video";
  const name = suffix();
  const media = await db
    .insertInto("product_media")
    .values({
      product_id: productId,
      type,
      url: type === "video" ? `/media/videos/${name}/720.mp4` : `/media/images/${name}.jpg`,
      thumbnail_url: type === "video" ? `/media/videos/${name}/poster.jpg` : null,
      duration: type === "video" ? 30 : null,
      metadata: "{}",
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const heights = renditionHeights ?? (type === "video" ? [480, 720] : []);
  if (heights.length) {
    await db
      .insertInto("media_renditions")
      .values(heights.map((height) => ({ media_id: media.id, height, width: Math.round((height * 9) / 16), url: `/media/videos/${name}/${height}.mp4` })))
      .execute();
  }
  return media;
}
