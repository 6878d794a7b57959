// zod-openapi gives .openapi() only to schemas made after it loads, and the routes call it on core's
// schemas: it must load before the admin services below make core's admin schemas, as in the server.
import "@hono/zod-openapi";
import { randomBytes } from "node:crypto";
import type { AdminProductSave } from "@reelmart/core/api/admin";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { Insertable, Kysely, Selectable } from "kysely";
import type { BrandsTable, DB, MarketplacesTable, ProductMediaTable, ProductsTable } from "../db/schema.ts";
import { createBrand as createBrandAsAdmin } from "../modules/admin/brands.service.ts";
import { createCategory } from "../modules/admin/categories.service.ts";
import { createMarketplace as createMarketplaceAsAdmin } from "../modules/admin/marketplaces.service.ts";
import { createDraftProduct, saveAdminProduct } from "../modules/admin/products.service.ts";
import { AppError } from "../shared/errors.ts";

// Test data made the way a shop owner makes it: marketplaces, brands, categories and products go
// through the admin's own services (the seed's rows are the demo's, not a shop's), each with
// plausible defaults, returning the row. Overrides take the table's own (snake_case) column names.

const suffix = () => randomBytes(3).toString("hex");

export type MarketplaceRow = Selectable<MarketplacesTable>;
export type BrandRow = Selectable<BrandsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type MediaRow = Selectable<ProductMediaTable>;

type Owner = { userId: string; email: string };

/**
 * The shop owner every fixture acts as: admin writes are audited under an account. The test's own
 * admin when it has signed one up (the shop has one owner), else an account the fixtures make once
 * per database, as the admin CLI finds one: a user row, never signed in.
 */
async function owner(db: Kysely<DB>): Promise<Owner> {
  const admin = await db
    .selectFrom("user as u")
    .innerJoin("profiles as p", "p.id", "u.id")
    .select(["u.id as userId", "u.email"])
    .where("p.is_admin", "=", true)
    .orderBy("u.createdAt")
    .limit(1)
    .executeTakeFirst();
  if (admin) return admin;
  const made = { userId: "fixture-owner", email: "owner@fixtures.test" };
  await db
    .insertInto("user")
    .values({ id: made.userId, name: "Fixture Owner", email: made.email, emailVerified: true, image: null, createdAt: new Date(), updatedAt: new Date() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return made;
}

/**
 * What the admin's services make is the fixture; a test may still need state no form writes (a row's
 * age, a display order the drag-and-drop sets, a stored logo's URL, review sums). Those columns are
 * written after, by name, and any other column is refused: a reader sees which state is hand-made.
 */
async function writeAfter(db: Kysely<DB>, table: "marketplaces" | "brands" | "products", id: string, columns: Record<string, unknown>, allowed: readonly string[]): Promise<void> {
  const refused = Object.keys(columns).filter((column) => !allowed.includes(column));
  if (refused.length) throw new Error(`${table} fixture: ${refused.join(", ")} is not something an owner sets; write it in the test, by name`);
  const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length) await db.updateTable(table).set(set as never).where("id", "=", id).execute();
}

/** A marketplace as the admin's Settings make one. */
export async function createMarketplace(db: Kysely<DB>, overrides: Partial<Insertable<MarketplacesTable>> = {}): Promise<MarketplaceRow> {
  const { name = `Market ${suffix()}`, tagline = null, flag_url = "/flags/in.svg", is_active = true, ...after } = overrides;
  const { id } = await createMarketplaceAsAdmin(db, await owner(db), { name, tagline, flagUrl: flag_url, isActive: is_active });
  await writeAfter(db, "marketplaces", id, after, ["country_code", "display_order", "created_at"]);
  return db.selectFrom("marketplaces").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** A brand as the admin's brand dialog makes one; a logo or cover URL stands for an uploaded image's. */
export async function createBrand(db: Kysely<DB>, overrides: Partial<Insertable<BrandsTable>> = {}): Promise<BrandRow> {
  const { name = `Brand ${suffix()}`, description = null, website_url = null, featured = false, ...after } = overrides;
  const { id } = await createBrandAsAdmin(db, await owner(db), { name, description, websiteUrl: website_url, featured });
  await writeAfter(db, "brands", id, after, ["logo_url", "cover_image_url", "created_at"]);
  return db.selectFrom("brands").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

export interface ProductOverrides extends Partial<Insertable<ProductsTable>> {
  /** Active listings in these marketplaces. */
  marketplaceIds?: string[];
}

/** The owner adds the category first when the shop has none of that name (as the editor's list needs). */
async function ensureCategory(db: Kysely<DB>, actor: Owner, name: string): Promise<void> {
  if (await db.selectFrom("categories").select("name").where("name", "=", name).executeTakeFirst()) return;
  try {
    await createCategory(db, actor, name);
  } catch (error) {
    // Products made side by side may both add it: the other one did, which is all this needed.
    if (!(error instanceof AppError && error.code === ERROR_CODES.conflict)) throw error;
  }
}

/** A product as an owner makes one: a new draft in the editor, filled in and saved. */
export async function createProduct(db: Kysely<DB>, overrides: ProductOverrides = {}): Promise<ProductRow> {
  const {
    marketplaceIds = [],
    title = `Product ${suffix()}`,
    description = "",
    price = "999.00",
    discount_percentage = "0",
    category = "other",
    stock = 10,
    status = "active",
    brand_id = null,
    specifications = "{}",
    ...after
  } = overrides;
  // The editor saves an object; anything else (a legacy row's JSON string) is old data, written after.
  const parsed: unknown = typeof specifications === "string" ? JSON.parse(specifications) : specifications;
  const editable = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed);
  const actor = await owner(db);
  await ensureCategory(db, actor, category);
  const { id } = await createDraftProduct(db, actor);
  await saveAdminProduct(db, actor, id, {
    version: 0,
    title,
    description: description ?? "",
    price: String(price),
    discountPercentage: Number(discount_percentage),
    category,
    stock: Number(stock),
    status: status as ProductRow["status"],
    brandId: brand_id ?? null,
    specifications: editable ? (parsed as AdminProductSave["specifications"]) : {},
    highlights: [],
    promotion: null,
    variants: [],
    marketplaceIds,
    media: [],
  });
  // What time and shoppers make of a product: its age, review sums, the feed's shuffle rank.
  await writeAfter(db, "products", id, editable ? after : { ...after, specifications }, ["created_at", "updated_at", "feed_rank", "rating_sum", "review_count", "specifications"]);
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
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
