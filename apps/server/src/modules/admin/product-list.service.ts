// The admin products table: search, filters and sorts on the server, one keyset page at a time with a
// cursor on the sort's own value.
import type { AdminProductPage } from "@reelmart/core/api/admin";
import { ADMIN_PRODUCT_SORTS } from "@reelmart/core/api/admin";
import { isUuid } from "@reelmart/core/ids";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badCursor } from "../../shared/errors.ts";
import { containsPattern } from "../../db/like-pattern.ts";
import { decodeSortCursor, encodeSortCursor } from "./admin-cursor.ts";
import { utcText } from "../../db/utc-text.ts";

type Sort = (typeof ADMIN_PRODUCT_SORTS)[number];

export interface AdminProductListInput {
  q?: string;
  status?: "draft" | "active" | "archived";
  category?: string;
  brandId?: string;
  marketplaceId?: string;
  outOfStock: boolean;
  sort: Sort;
  cursor?: string;
  limit: number;
}

/** The database's own text for each sort key; timestamps keep their microseconds. */
const SORT_KEYS = {
  newest: { value: utcText("p.created_at", "us"), direction: "desc" },
  title: { value: sql<string>`p.title`, direction: "asc" },
  price: { value: sql<string>`p.price::text`, direction: "asc" },
  stock: { value: sql<string>`p.stock::text`, direction: "asc" },
} as const;

const SORT_COLUMN = {
  newest: sql`p.created_at`,
  title: sql`p.title`,
  price: sql`p.price`,
  stock: sql`p.stock`,
} as const;

const SORT_CAST = { newest: sql`::timestamptz`, title: sql``, price: sql`::numeric`, stock: sql`::integer` } as const;

/**
 * The admin products table: every status, filtered and sorted on the server, one keyset page at a
 * time (never the whole catalogue). The thumbnail is the product's picture, as shoppers see it (decision 207).
 */
export async function listAdminProducts(db: Kysely<DB>, input: AdminProductListInput): Promise<AdminProductPage> {
  const key = SORT_KEYS[input.sort];
  let query = db
    .selectFrom("products as p")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "p.title",
      "p.status",
      "p.price",
      "p.discount_percentage",
      "p.stock",
      "p.category",
      "p.brand_id",
      "b.name as brand_name",
      "p.created_at",
      "p.updated_at",
      key.value.as("sort_value"),
      "p.thumbnail_url",
      sql<number>`(select count(*)::int from marketplace_listings l where l.product_id = p.id and l.is_active)`.as("marketplace_count"),
    ]);
  if (input.q) {
    const pattern = containsPattern(input.q);
    query = query.where((eb) => eb.or([eb("p.title", "ilike", pattern), eb("p.category", "ilike", pattern), ...(isUuid(input.q ?? "") ? [eb("p.id", "=", input.q ?? "")] : [])]));
  }
  if (input.status) query = query.where("p.status", "=", input.status);
  if (input.category) query = query.where("p.category", "=", input.category);
  if (input.brandId) query = query.where("p.brand_id", "=", input.brandId);
  if (input.marketplaceId) {
    const marketplaceId = input.marketplaceId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom("marketplace_listings as l").select("l.product_id").whereRef("l.product_id", "=", "p.id").where("l.marketplace_id", "=", marketplaceId)),
    );
  }
  if (input.outOfStock) query = query.where("p.stock", "=", 0);
  if (input.cursor) {
    const keyset = decodeSortCursor(input.sort, input.cursor);
    if (!keyset || !isUuid(keyset.id)) throw badCursor();
    const column = SORT_COLUMN[input.sort];
    const operator = key.direction === "desc" ? sql`<` : sql`>`;
    query = query.where(sql<boolean>`(${column}, p.id) ${operator} (${keyset.value}${SORT_CAST[input.sort]}, ${keyset.id}::uuid)`);
  }
  const rows = await query
    .orderBy(SORT_COLUMN[input.sort], key.direction)
    .orderBy("p.id", key.direction)
    .limit(input.limit + 1)
    .execute()
    .catch((error: unknown) => {
      // A hand-made cursor whose value the database cannot cast is the client's mistake.
      if (input.cursor && error instanceof Error && /invalid input syntax|out of range/i.test(error.message)) throw badCursor();
      throw error;
    });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      price: row.price,
      discountPercentage: Number(row.discount_percentage),
      stock: row.stock,
      category: row.category,
      brand: row.brand_id && row.brand_name ? { id: row.brand_id, name: row.brand_name } : null,
      thumbnailUrl: row.thumbnail_url,
      marketplaceCount: row.marketplace_count,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    nextCursor: rows.length > input.limit && last ? encodeSortCursor(input.sort, { value: last.sort_value, id: last.id }) : null,
  };
}
