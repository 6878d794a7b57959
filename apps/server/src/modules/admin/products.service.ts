// The admin product editor: a new product (the spec's draft, or made whole by its first save), what the editor
// shows, its whole save, and publishing or archiving many at once.
import type { AdminProduct, AdminProductSave } from "@reelmart/core/api/admin";
import { type Kysely, type Transaction, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { changedFields, recordAudit } from "./audit.ts";
import { transactionRetried } from "../../db/retry-conflicts.ts";

type Actor = Pick<Viewer, "userId" | "email">;

/** The spec's draft (000 §7, §9): {title, description, price 0, category 'other', stock 0, status 'draft'}. */
export async function createDraftProduct(db: Kysely<DB>, actor: Actor): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => ({ id: (await insertDraft(trx, actor)).id }));
}

/**
 * The admin's New product (decision 215): nothing is stored until the owner saves, and then the
 * product is made with what they entered, in one transaction, so no 'Untitled product' is left
 * behind by a visit or by a save the server refuses. The body's version is not read: a new
 * product's is the draft's.
 */
export async function createAdminProduct(db: Kysely<DB>, actor: Actor, input: AdminProductSave): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    const draft = await insertDraft(trx, actor);
    await saveProductIn(trx, actor, draft.id, { ...input, version: draft.version });
    return { id: draft.id };
  });
}

async function insertDraft(trx: Transaction<DB>, actor: Actor): Promise<{ id: string; version: number }> {
  // 'other', or the category named so whatever its case (names are one case aside, migration 0215).
  const other = await sql<{ name: string }>`select name from categories where lower(name) = 'other'`.execute(trx);
  const category = other.rows[0]?.name ?? "other";
  if (!other.rows[0]) await trx.insertInto("categories").values({ name: category }).execute();
  const draft = await trx
    .insertInto("products")
    .values({ title: "Untitled product", description: "", price: 0, category, stock: 0, status: "draft", specifications: "{}" })
    .returning(["id", "version"])
    .executeTakeFirstOrThrow();
  await recordAudit(trx, { actor, action: "created", entity: "product", entityId: draft.id, summary: { title: "Untitled product", status: "draft" } });
  return draft;
}

function parseSpecifications(value: unknown): Record<string, unknown> {
  if (typeof value === "string") {
    try {
      return parseSpecifications(JSON.parse(value));
    } catch {
      // swallowed: the column holds JSON the server wrote; text that is not JSON reads as no specifications.
      return {};
    }
  }
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Everything the product editor shows, in every status. */
export async function getAdminProduct(db: Kysely<DB>, id: string): Promise<AdminProduct> {
  const product = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  if (!product) throw notFound(`Product with ID ${id} not found`);
  const [highlights, promotion, variants, listings, media] = await Promise.all([
    db.selectFrom("product_highlights").select("text").where("product_id", "=", id).orderBy("display_order").orderBy("id").execute(),
    db.selectFrom("product_promotions").selectAll().where("product_id", "=", id).orderBy("created_at", "desc").executeTakeFirst(),
    db.selectFrom("product_variants").selectAll().where("product_id", "=", id).orderBy("size").orderBy("color").orderBy("id").execute(),
    db.selectFrom("marketplace_listings").select("marketplace_id").where("product_id", "=", id).where("is_active", "=", true).execute(),
    db.selectFrom("product_media").selectAll().where("product_id", "=", id).orderBy("display_order").orderBy("created_at").execute(),
  ]);
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    price: product.price,
    discountPercentage: Number(product.discount_percentage),
    category: product.category,
    stock: product.stock,
    status: product.status,
    brandId: product.brand_id,
    specifications: parseSpecifications(product.specifications),
    highlights: highlights.map((row) => row.text),
    promotion: promotion
      ? { hasPromotion: promotion.has_promotion, label: promotion.label, promoEndDate: promotion.promo_end_date ? new Date(promotion.promo_end_date).toISOString() : null }
      : null,
    variants: variants.map((row) => ({
      id: row.id,
      size: row.size,
      color: row.color,
      colorHex: row.color_hex,
      stock: row.stock,
      priceAdjustment: row.price_adjustment,
      imageUrl: row.image_url,
    })),
    marketplaceIds: listings.map((row) => row.marketplace_id),
    media: media.map((row) => ({
      id: row.id,
      url: row.url,
      type: row.type === "video" ? "video" : "image",
      category: row.category,
      title: row.title,
      thumbnailUrl: row.thumbnail_url,
      status: row.status,
      isMain: row.is_main,
      isCover: row.is_cover,
      displayOrder: row.display_order,
      displayOnLandingPage: row.display_on_landing_page,
      displayOnProfilePage: row.display_on_profile_page,
    })),
    version: product.version,
    createdAt: new Date(product.created_at).toISOString(),
    updatedAt: new Date(product.updated_at).toISOString(),
  };
}

export const STALE_PRODUCT_MESSAGE = "Another admin changed this product after you opened it. Reload to see their changes, then save again.";

async function checkReferences(trx: Transaction<DB>, productId: string, input: AdminProductSave): Promise<void> {
  if (input.brandId) {
    const brand = await trx.selectFrom("brands").select("id").where("id", "=", input.brandId).executeTakeFirst();
    if (!brand) throw badRequest("That brand no longer exists; choose another", "brandId");
  }
  const category = await trx.selectFrom("categories").select("name").where("name", "=", input.category).executeTakeFirst();
  if (!category) throw badRequest(`There is no category named ${input.category}; choose one from the list`, "category");
  if (input.marketplaceIds.length) {
    const found = await trx.selectFrom("marketplaces").select("id").where("id", "in", input.marketplaceIds).execute();
    const known = new Set(found.map((row) => row.id));
    const index = input.marketplaceIds.findIndex((id) => !known.has(id));
    if (index >= 0) throw badRequest("A marketplace you chose no longer exists; reload the page and try again", `marketplaceIds.${index}`);
  }
  const variantIds = input.variants.flatMap((variant) => (variant.id ? [variant.id] : []));
  if (variantIds.length) {
    const own = await trx.selectFrom("product_variants").select("id").where("product_id", "=", productId).where("id", "in", variantIds).execute();
    const ownIds = new Set(own.map((row) => row.id));
    const index = input.variants.findIndex((variant) => variant.id && !ownIds.has(variant.id));
    if (index >= 0) throw badRequest("A variant you changed is no longer part of this product; reload the page and try again", `variants.${index}.id`);
  }
  if (input.media.length) {
    const own = await trx.selectFrom("product_media").select("id").where("product_id", "=", productId).where("id", "in", input.media.map((media) => media.id)).execute();
    const ownIds = new Set(own.map((row) => row.id));
    const index = input.media.findIndex((media) => !ownIds.has(media.id));
    if (index >= 0) throw badRequest("A video or image you changed is no longer part of this product; reload the page and try again", `media.${index}.id`);
  }
}

/**
 * Saves the whole editor in one transaction. The product row is updated only where its version is
 * still the one the editor loaded (a stale save answers 409, never a silent overwrite). Variants
 * keep their ids (updated in place; cart lines refer to them); highlights, the promotion and the
 * listings are replaced. The public_cache triggers (migration 0002) tell every instance to drop
 * cached catalogue answers when this commits. A save that loses a deadlock is run whole again: its
 * triggers move rows shared with other saves and shoppers' writes (seen as a 500 in the fault suite,
 * db/postgres-restart.faults.test.ts, with four saves under 50 connections).
 */
export async function saveAdminProduct(db: Kysely<DB>, actor: Actor, id: string, input: AdminProductSave): Promise<AdminProduct> {
  await transactionRetried(db, (trx) => saveProductIn(trx, actor, id, input));
  return getAdminProduct(db, id);
}

async function saveProductIn(trx: Transaction<DB>, actor: Actor, id: string, input: AdminProductSave): Promise<void> {
  const before = await trx.selectFrom("products").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  if (!before) throw notFound(`Product with ID ${id} not found`);
  if (before.version !== input.version) throw conflict(STALE_PRODUCT_MESSAGE, "version");
  await checkReferences(trx, id, input);

  const fields = {
    title: input.title,
    description: input.description,
    price: input.price,
    discount_percentage: input.discountPercentage,
    category: input.category,
    stock: input.stock,
    status: input.status,
    brand_id: input.brandId,
  };
  await trx
    .updateTable("products")
    .set({ ...fields, specifications: JSON.stringify(input.specifications), version: sql`version + 1`, updated_at: new Date() })
    .where("id", "=", id)
    .where("version", "=", input.version)
    .execute();

  await trx.deleteFrom("product_highlights").where("product_id", "=", id).execute();
  if (input.highlights.length) {
    await trx
      .insertInto("product_highlights")
      .values(input.highlights.map((text, index) => ({ product_id: id, text, display_order: index })))
      .execute();
  }

  await trx.deleteFrom("product_promotions").where("product_id", "=", id).execute();
  if (input.promotion) {
    await trx
      .insertInto("product_promotions")
      .values({ product_id: id, has_promotion: input.promotion.hasPromotion, label: input.promotion.label, promo_end_date: input.promotion.promoEndDate })
      .execute();
  }

  const keptVariantIds = input.variants.flatMap((variant) => (variant.id ? [variant.id] : []));
  let removeVariants = trx.deleteFrom("product_variants").where("product_id", "=", id);
  if (keptVariantIds.length) removeVariants = removeVariants.where("id", "not in", keptVariantIds);
  await removeVariants.execute();
  for (const variant of input.variants) {
    const values = {
      size: variant.size,
      color: variant.color,
      color_hex: variant.colorHex,
      stock: variant.stock,
      price_adjustment: variant.priceAdjustment,
      image_url: variant.imageUrl,
    };
    if (variant.id) await trx.updateTable("product_variants").set(values).where("id", "=", variant.id).where("product_id", "=", id).execute();
    else await trx.insertInto("product_variants").values({ ...values, product_id: id }).execute();
  }

  let unlist = trx.deleteFrom("marketplace_listings").where("product_id", "=", id);
  if (input.marketplaceIds.length) unlist = unlist.where("marketplace_id", "not in", input.marketplaceIds);
  await unlist.execute();
  if (input.marketplaceIds.length) {
    await trx
      .insertInto("marketplace_listings")
      .values(input.marketplaceIds.map((marketplaceId) => ({ product_id: id, marketplace_id: marketplaceId, is_active: true })))
      .onConflict((oc) => oc.columns(["product_id", "marketplace_id"]).doUpdateSet({ is_active: true }))
      .execute();
  }

  await saveMediaSettings(trx, id, input.media);

  const beforeFields = {
    title: before.title,
    description: before.description,
    price: before.price,
    discount_percentage: Number(before.discount_percentage),
    category: before.category,
    stock: before.stock,
    status: before.status,
    brand_id: before.brand_id,
  };
  const changes = changedFields(beforeFields, { ...fields, price: Number(input.price).toFixed(2) });
  const action = before.status !== "active" && input.status === "active" ? "published" : before.status === "active" && input.status === "archived" ? "archived" : "updated";
  await recordAudit(trx, {
    actor,
    action,
    entity: "product",
    entityId: id,
    summary: { title: input.title, changes, variants: input.variants.length, marketplaces: input.marketplaceIds.length },
  });
}

/** Display order is the list's order; at most one main and one cover (the last flag wins on the product). */
async function saveMediaSettings(trx: Transaction<DB>, productId: string, media: AdminProductSave["media"]): Promise<void> {
  if (!media.length) return;
  if (media.some((item) => item.isMain)) await trx.updateTable("product_media").set({ is_main: false }).where("product_id", "=", productId).where("is_main", "=", true).execute();
  if (media.some((item) => item.isCover)) await trx.updateTable("product_media").set({ is_cover: false }).where("product_id", "=", productId).where("is_cover", "=", true).execute();
  for (const [index, item] of media.entries()) {
    await trx
      .updateTable("product_media")
      .set({
        ...(item.title !== undefined ? { title: item.title } : {}),
        display_order: index,
        category: item.category,
        is_main: item.isMain,
        is_cover: item.isCover,
        display_on_landing_page: item.displayOnLandingPage,
        display_on_profile_page: item.displayOnProfilePage,
      })
      .where("id", "=", item.id)
      .where("product_id", "=", productId)
      .execute();
  }
}

/** Publish or archive many products at once (each version moves on, so open editors see 409). */
export async function setProductsStatus(db: Kysely<DB>, actor: Actor, ids: string[], status: "active" | "archived"): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("products")
      .set({ status, version: sql`version + 1`, updated_at: new Date() })
      .where("id", "in", ids)
      .where("status", "<>", status)
      .returning(["id", "title"])
      .execute();
    for (const row of rows) await recordAudit(trx, { actor, action: status === "active" ? "published" : "archived", entity: "product", entityId: row.id, summary: { title: row.title, bulk: true } });
    return rows.length;
  });
}
