import type { Category } from "@reelmart/core/api/catalog";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export async function listCategories(db: Kysely<DB>): Promise<Category[]> {
  return db.selectFrom("categories").select("name").orderBy("name").execute();
}
