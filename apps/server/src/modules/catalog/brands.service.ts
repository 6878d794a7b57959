import type { Brand, Page } from "@reelmart/core/api/catalog";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { containsPattern } from "../../db/like-pattern.ts";
import { type Keyset, afterKeyset, keysetMicros, nextCursor } from "./catalog.cursor.ts";
import { type BrandRow, toBrand } from "./catalog.mappers.ts";

// Public brand reads: every brand, each with its count of active products.

export interface BrandListInput {
  q?: string;
  after?: Keyset;
  limit: number;
}

function brandsWithCounts(db: Kysely<DB>) {
  return db
    .selectFrom("brands as b")
    .select([
      "b.id",
      "b.name",
      "b.description",
      "b.logo_url",
      "b.cover_image_url",
      "b.website_url",
      "b.featured",
      "b.created_at",
      keysetMicros("b"),
      (eb) =>
        eb
          .selectFrom("products as p")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("p.brand_id", "=", "b.id")
          .where("p.status", "=", "active")
          .as("product_count"),
    ]);
}

function toBrandWithCount(row: Omit<BrandRow, "product_count"> & { product_count: number | null }): Brand {
  return toBrand({ ...row, product_count: row.product_count ?? 0 });
}

/** Brands, newest first, optionally those whose name contains `q`. */
export async function listBrands(db: Kysely<DB>, input: BrandListInput): Promise<Page<Brand>> {
  let query = brandsWithCounts(db);
  const term = input.q?.trim();
  if (term) query = query.where("b.name", "ilike", containsPattern(term));
  if (input.after) query = query.where(afterKeyset("b", input.after));
  const rows = await query.orderBy("b.created_at", "desc").orderBy("b.id", "desc").limit(input.limit + 1).execute();
  return { items: rows.slice(0, input.limit).map(toBrandWithCount), nextCursor: nextCursor(rows, input.limit) };
}

export async function getBrand(db: Kysely<DB>, id: string): Promise<Brand | null> {
  const row = await brandsWithCounts(db).where("b.id", "=", id).executeTakeFirst();
  return row ? toBrandWithCount(row) : null;
}
