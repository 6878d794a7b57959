import type { AdminMarketplace } from "@reelmart/core/api/admin";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import type { Logger } from "../../logger.ts";
import type { Storage } from "../../storage/storage.ts";
import { storeAdminImage } from "./admin-images.ts";
import { changedFields, recordAudit } from "./audit.ts";
import { removeUnreferencedFiles } from "./stored-files.ts";
import { assertNameFree, writeNamed } from "./unique-names.ts";

type Actor = Pick<Viewer, "userId" | "email">;
export interface MarketplaceFields {
  name: string;
  tagline: string | null;
  flagUrl: string;
  isActive: boolean;
}

function marketplacesQuery(db: Kysely<DB>) {
  return db
    .selectFrom("marketplaces as m")
    .selectAll("m")
    .select(sql<number>`(select count(*)::int from marketplace_listings l where l.marketplace_id = m.id and l.is_active)`.as("product_count"));
}

/** Every marketplace, active or not, in the shoppers' order (display_order). */
export async function listAdminMarketplaces(db: Kysely<DB>): Promise<AdminMarketplace[]> {
  const rows = await marketplacesQuery(db).orderBy("m.display_order").orderBy("m.created_at").execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tagline: row.tagline,
    flagUrl: row.flag_url,
    isActive: row.is_active,
    displayOrder: row.display_order,
    productCount: row.product_count,
  }));
}

async function getAdminMarketplace(db: Kysely<DB>, id: string): Promise<AdminMarketplace> {
  const found = (await listAdminMarketplaces(db)).find((marketplace) => marketplace.id === id);
  if (!found) throw notFound(`Marketplace with ID ${id} not found`);
  return found;
}

export async function createMarketplace(db: Kysely<DB>, actor: Actor, input: MarketplaceFields): Promise<AdminMarketplace> {
  const id = await db.transaction().execute(async (trx) => {
    await assertNameFree(trx, "marketplaces", input.name);
    const last = await trx.selectFrom("marketplaces").select(sql<number>`coalesce(max(display_order), -1)::int`.as("max")).executeTakeFirstOrThrow();
    const row = await writeNamed(
      "marketplaces",
      input.name,
      trx
        .insertInto("marketplaces")
        .values({ name: input.name, tagline: input.tagline, flag_url: input.flagUrl, is_active: input.isActive, display_order: last.max + 1 })
        .returning("id")
        .executeTakeFirstOrThrow(),
    );
    await recordAudit(trx, { actor, action: "created", entity: "marketplace", entityId: row.id, summary: { name: input.name } });
    return row.id;
  });
  return getAdminMarketplace(db, id);
}

export async function updateMarketplace(db: Kysely<DB>, actor: Actor, id: string, input: MarketplaceFields): Promise<AdminMarketplace> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("marketplaces").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(`Marketplace with ID ${id} not found`);
    await assertNameFree(trx, "marketplaces", input.name, id);
    const after = { name: input.name, tagline: input.tagline, flag_url: input.flagUrl, is_active: input.isActive };
    await writeNamed("marketplaces", input.name, trx.updateTable("marketplaces").set(after).where("id", "=", id).execute());
    const action = before.is_active && !input.isActive ? "deactivated" : !before.is_active && input.isActive ? "activated" : "updated";
    await recordAudit(trx, { actor, action, entity: "marketplace", entityId: id, summary: { name: input.name, changes: changedFields(before, after) } });
  });
  return getAdminMarketplace(db, id);
}

/** The new order is the list's order; it must name every marketplace exactly once. */
export async function reorderMarketplaces(db: Kysely<DB>, actor: Actor, ids: string[]): Promise<AdminMarketplace[]> {
  await db.transaction().execute(async (trx) => {
    const all = await trx.selectFrom("marketplaces").select("id").forUpdate().execute();
    const known = new Set(all.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw badRequest("The marketplaces changed while you were reordering them; reload the page and try again", "ids");
    }
    for (const [index, id] of ids.entries()) await trx.updateTable("marketplaces").set({ display_order: index }).where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "reordered", entity: "marketplace", summary: { order: ids } });
  });
  return listAdminMarketplaces(db);
}

export async function replaceMarketplaceFlag(
  deps: { db: Kysely<DB>; storage: Storage; logger: Logger },
  actor: Actor,
  id: string,
  bytes: Uint8Array,
): Promise<AdminMarketplace> {
  const exists = await deps.db.selectFrom("marketplaces").select("flag_url").where("id", "=", id).executeTakeFirst();
  if (!exists) throw notFound(`Marketplace with ID ${id} not found`);
  const url = await storeAdminImage(deps.storage, `marketplaces/${id}/flag`, bytes, { width: 256, height: 256 });
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable("marketplaces").set({ flag_url: url }).where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "flag replaced", entity: "marketplace", entityId: id, summary: { from: exists.flag_url, to: url } });
  });
  if (exists.flag_url !== url) await removeUnreferencedFiles(deps, [exists.flag_url]);
  return getAdminMarketplace(deps.db, id);
}
