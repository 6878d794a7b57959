import { randomBytes } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { DB, MarketplacesTable } from "../db/schema.ts";
import type { MarketplaceRow, ProductOverrides, ProductRow } from "./fixtures.ts";

// Rows as one insert each, for the migration tests: they run on the schema as it was at their
// migration, which the admin's services (testing/fixtures.ts, how every other test makes its shop)
// no longer write. Overrides take the table's own (snake_case) column names.

const suffix = () => randomBytes(3).toString("hex");

export async function createMarketplace(db: Kysely<DB>, overrides: Partial<Insertable<MarketplacesTable>> = {}): Promise<MarketplaceRow> {
  return db
    .insertInto("marketplaces")
    .values({ name: `Market ${suffix()}`, flag_url: "/flags/in.svg", ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
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
