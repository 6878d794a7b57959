import type { Marketplace } from "@reelmart/core/api/catalog";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toMarketplace } from "./catalog.mappers.ts";

export async function listMarketplaces(db: Kysely<DB>): Promise<Marketplace[]> {
  const rows = await db
    .selectFrom("marketplaces")
    .select(["id", "name", "tagline", "flag_url", "display_order"])
    .where("is_active", "=", true)
    .orderBy("display_order")
    .orderBy("name")
    .execute();
  return rows.map(toMarketplace);
}
