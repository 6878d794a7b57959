import type { ProductSummary } from "@reelmart/core/api/catalog";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import { activeProducts } from "../catalog/catalog.scope.ts";
import { withMedia } from "../catalog/product-media.service.ts";

/** Explore's trending row: active products by the total views of their media, most viewed first. */
export async function trendingProducts(db: Kysely<DB>, input: { marketplaceId?: string; limit: number }): Promise<ProductSummary[]> {
  const rows = await activeProducts(db, input.marketplaceId)
    .orderBy(
      (eb) => eb.selectFrom("product_media as m").select(sql<number>`coalesce(sum(m.view_count), 0)`.as("views")).whereRef("m.product_id", "=", "p.id"),
      "desc",
    )
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .limit(input.limit)
    .execute();
  return withMedia(db, rows);
}

/**
 * Similar products (001 §2): other active products, those sharing the category or brand first
 * (both shared ranks above one), then newest. With a marketplace, only products listed there.
 */
export async function similarProducts(
  db: Kysely<DB>,
  productId: string,
  input: { marketplaceId?: string; limit: number },
): Promise<ProductSummary[]> {
  const source = await db
    .selectFrom("products")
    .select(["category", "brand_id"])
    .where("id", "=", productId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!source) throw notFound(`Product with ID ${productId} not found`);

  const sameCategory = sql<number>`(p.category = ${source.category})::int`;
  const sameBrand = source.brand_id ? sql<number>`(p.brand_id is not distinct from ${source.brand_id})::int` : sql<number>`0`;
  const rows = await activeProducts(db, input.marketplaceId)
    .where("p.id", "<>", productId)
    .orderBy(sql`${sameCategory} + ${sameBrand}`, "desc")
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .limit(input.limit)
    .execute();
  return withMedia(db, rows);
}
