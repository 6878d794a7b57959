import type { AdminCategory } from "@reelmart/core/api/admin";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { conflict, notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { recordAudit } from "./audit.ts";
import { assertNameFree, writeNamed } from "./unique-names.ts";

type Actor = Pick<Viewer, "userId" | "email">;

/** Categories ordered by name (000 §7), with how many products use each. */
export async function listAdminCategories(db: Kysely<DB>): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom("categories as c")
    .select(["c.name", sql<number>`(select count(*)::int from products p where p.category = c.name)`.as("product_count")])
    .orderBy("c.name")
    .execute();
  return rows.map((row) => ({ name: row.name, productCount: row.product_count }));
}

export async function createCategory(db: Kysely<DB>, actor: Actor, name: string): Promise<AdminCategory> {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, "categories", name);
    await writeNamed("categories", name, trx.insertInto("categories").values({ name }).execute());
    await recordAudit(trx, { actor, action: "created", entity: "category", entityId: name, summary: { name } });
    return { name, productCount: 0 };
  });
}

/** Renaming moves every product of the category with it, in the same transaction. */
export async function renameCategory(db: Kysely<DB>, actor: Actor, from: string, to: string): Promise<AdminCategory> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("categories").select("name").where("name", "=", from).forUpdate().executeTakeFirst();
    if (!current) throw notFound(`Category ${from} not found`);
    if (from === to) return { name: to, productCount: await productCount(trx, to) };
    // Only another category's name is taken: 'shoes' may become 'Shoes'.
    await assertNameFree(trx, "categories", to, from);
    await writeNamed("categories", to, trx.updateTable("categories").set({ name: to }).where("name", "=", from).execute());
    const moved = await trx.updateTable("products").set({ category: to, updated_at: new Date() }).where("category", "=", from).executeTakeFirst();
    const count = Number(moved.numUpdatedRows);
    await recordAudit(trx, { actor, action: "renamed", entity: "category", entityId: to, summary: { from, to, products: count } });
    return { name: to, productCount: count };
  });
}

async function productCount(db: Kysely<DB>, name: string): Promise<number> {
  const row = await db.selectFrom("products").select(sql<number>`count(*)::int`.as("count")).where("category", "=", name).executeTakeFirstOrThrow();
  return row.count;
}

/** Refused (409, naming the count) while products use the category: they would be left in a category the owner cannot see. */
export async function deleteCategory(db: Kysely<DB>, actor: Actor, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("categories").select("name").where("name", "=", name).forUpdate().executeTakeFirst();
    if (!current) throw notFound(`Category ${name} not found`);
    const count = await productCount(trx, name);
    if (count > 0) throw conflict(`${count} ${count === 1 ? "product uses" : "products use"} this category; move ${count === 1 ? "it" : "them"} to another category first`, "name");
    await trx.deleteFrom("categories").where("name", "=", name).execute();
    await recordAudit(trx, { actor, action: "deleted", entity: "category", entityId: name, summary: { name } });
  });
}
