import type { AdminBrand } from "@reelmart/core/api/admin";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import type { Logger } from "../../logger.ts";
import type { Storage } from "../../storage/storage.ts";
import { storeAdminImage } from "./admin-images.ts";
import { changedFields, recordAudit } from "./audit.ts";
import { removeUnreferencedFiles } from "./stored-files.ts";
import { assertNameFree, writeNamed } from "./unique-names.ts";

type Actor = Pick<Viewer, "userId" | "email">;
type Deps = { db: Kysely<DB>; storage: Storage; logger: Logger };
export interface BrandFields {
  name: string;
  description: string | null;
  websiteUrl: string | null;
  featured: boolean;
}

const IMAGE_BOXES = { logo: { width: 512, height: 512 }, cover: { width: 2400, height: 800 } } as const;

function brandsQuery(db: Kysely<DB>) {
  return db
    .selectFrom("brands as b")
    .selectAll("b")
    .select(sql<number>`(select count(*)::int from products p where p.brand_id = b.id)`.as("product_count"));
}

type BrandRow = Awaited<ReturnType<ReturnType<typeof brandsQuery>["executeTakeFirstOrThrow"]>>;

function toAdminBrand(row: BrandRow): AdminBrand {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUrl: row.logo_url,
    coverImageUrl: row.cover_image_url,
    websiteUrl: row.website_url,
    featured: row.featured,
    productCount: row.product_count,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Brands newest first (000 §7), every one: a shop has tens of brands, not thousands. */
export async function listAdminBrands(db: Kysely<DB>): Promise<AdminBrand[]> {
  const rows = await brandsQuery(db).orderBy("b.created_at", "desc").orderBy("b.id", "desc").limit(1000).execute();
  return rows.map(toAdminBrand);
}

async function getAdminBrand(db: Kysely<DB>, id: string): Promise<AdminBrand> {
  const row = await brandsQuery(db).where("b.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`Brand with ID ${id} not found`);
  return toAdminBrand(row);
}

export async function createBrand(db: Kysely<DB>, actor: Actor, input: BrandFields): Promise<AdminBrand> {
  const id = await db.transaction().execute(async (trx) => {
    await assertNameFree(trx, "brands", input.name);
    const row = await writeNamed(
      "brands",
      input.name,
      trx
        .insertInto("brands")
        .values({ name: input.name, description: input.description, website_url: input.websiteUrl, featured: input.featured })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    await recordAudit(trx, { actor, action: "created", entity: "brand", entityId: row.id, summary: { name: input.name } });
    return row.id;
  });
  return getAdminBrand(db, id);
}

export async function updateBrand(db: Kysely<DB>, actor: Actor, id: string, input: BrandFields): Promise<AdminBrand> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("brands").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(`Brand with ID ${id} not found`);
    await assertNameFree(trx, "brands", input.name, id);
    const after = { name: input.name, description: input.description, website_url: input.websiteUrl, featured: input.featured };
    await writeNamed("brands", input.name, trx.updateTable("brands").set(after).where("id", "=", id).execute());
    await recordAudit(trx, { actor, action: "updated", entity: "brand", entityId: id, summary: { name: input.name, changes: changedFields(before, after) } });
  });
  return getAdminBrand(db, id);
}

/** A new logo or cover: stored, then the brand points at it and the previous file goes if nothing else names it. */
export async function replaceBrandImage(deps: Deps, actor: Actor, id: string, kind: "logo" | "cover", bytes: Uint8Array): Promise<AdminBrand> {
  const exists = await deps.db.selectFrom("brands").select("id").where("id", "=", id).executeTakeFirst();
  if (!exists) throw notFound(`Brand with ID ${id} not found`);
  const url = await storeAdminImage(deps.storage, `brands/${id}/${kind}`, bytes, IMAGE_BOXES[kind]);
  const column = kind === "logo" ? "logo_url" : "cover_image_url";
  const previous = await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("brands").select(["logo_url", "cover_image_url"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(`Brand with ID ${id} not found`);
    await trx.updateTable("brands").set({ [column]: url }).where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: `${kind} replaced`, entity: "brand", entityId: id, summary: { from: before[column], to: url } });
    return before[column];
  });
  if (previous && previous !== url) await removeUnreferencedFiles(deps, [previous]);
  return getAdminBrand(deps.db, id);
}

/**
 * Deleting a brand keeps its products and leaves them without a brand (products.brand_id is
 * `on delete set null`; docs/decisions/081): the owner asked to remove the brand, not the stock.
 * The count of unassigned products is returned and recorded.
 */
export async function deleteBrand(deps: Deps, actor: Actor, id: string): Promise<{ unassignedProducts: number }> {
  const { urls, unassignedProducts } = await deps.db.transaction().execute(async (trx) => {
    const brand = await trx.selectFrom("brands").select(["name", "logo_url", "cover_image_url"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!brand) throw notFound(`Brand with ID ${id} not found`);
    const unassigned = await trx.updateTable("products").set({ brand_id: null, updated_at: new Date() }).where("brand_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("brands").where("id", "=", id).execute();
    const count = Number(unassigned.numUpdatedRows);
    await recordAudit(trx, { actor, action: "deleted", entity: "brand", entityId: id, summary: { name: brand.name, unassignedProducts: count } });
    return { urls: [brand.logo_url, brand.cover_image_url], unassignedProducts: count };
  });
  await removeUnreferencedFiles(deps, urls);
  return { unassignedProducts };
}
