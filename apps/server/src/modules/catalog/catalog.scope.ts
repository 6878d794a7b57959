import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { keysetMicros } from "./catalog.cursor.ts";

// Which products the public catalogue shows, by name: every public read (catalogue, feed, discovery,
// search) starts from activeProducts, and the marketplace filter is listedInMarketplace.

type ProductScope = ExpressionBuilder<DB & { p: DB["products"] }, "p">;
type ListingScope = ExpressionBuilder<DB & { ml: DB["marketplace_listings"] }, "ml">;

/** A listing places its product in its marketplace while it is active (whether or not the marketplace itself is). */
export const listingShows = (eb: ListingScope) => eb("ml.is_active", "=", true);

/** The marketplace filter: products with an active listing in `marketplaceId` (whether or not the marketplace itself is active). */
export function listedInMarketplace(marketplaceId: string) {
  return (eb: ProductScope) =>
    eb.exists(
      eb
        .selectFrom("marketplace_listings as ml")
        .select(sql.lit(1).as("one"))
        .whereRef("ml.product_id", "=", "p.id")
        .where("ml.marketplace_id", "=", marketplaceId)
        .where(listingShows),
    );
}

/**
 * The ids of the marketplaces with an active listing of the product `productRef`, as a JSON array:
 * what listedInMarketplace finds, per product (the catalogue's listedIn, a cart line's marketplaceIds).
 */
export function listingIdsOf(productRef: "p.id") {
  return sql<string[]>`(select coalesce(json_agg(ml.marketplace_id), '[]'::json) from marketplace_listings ml where ml.product_id = ${sql.ref(productRef)} and ml.is_active)`;
}

/**
 * Active products with their brand, in the row shape the mappers take; other modules (feed,
 * discovery) build their own order and filters on it so every product reads the same way.
 */
export function activeProducts(db: Kysely<DB>, marketplaceId?: string) {
  const query = db
    .selectFrom("products as p")
    .leftJoin("brands as b", "b.id", "p.brand_id")
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
      "p.created_at",
      "b.name as brand_name",
      "b.logo_url as brand_logo_url",
      "b.featured as brand_featured",
      keysetMicros("p"),
    ])
    .where("p.status", "=", "active");
  return marketplaceId ? query.where(listedInMarketplace(marketplaceId)) : query;
}
