import type { MarketplacePreference } from "@reelmart/core/api/marketplace";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

function toPreference(row: { marketplace_id: string; updated_at: Date | string } | undefined): MarketplacePreference {
  if (!row) return { marketplaceId: null, updatedAt: null };
  return { marketplaceId: row.marketplace_id, updatedAt: new Date(row.updated_at).toISOString() };
}

/** The user's saved marketplace (000 §7: select marketplace_id by user_id). */
export async function getMarketplacePreference(db: Kysely<DB>, userId: string): Promise<MarketplacePreference> {
  const row = await db
    .selectFrom("user_marketplace_preferences")
    .select(["marketplace_id", "updated_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return toPreference(row);
}

/**
 * Saves the user's marketplace (000 §7: upsert on user_id). Returns null when the id is not an
 * active marketplace, so the route can answer 404 without writing anything.
 */
export async function setMarketplacePreference(
  db: Kysely<DB>,
  userId: string,
  marketplaceId: string,
): Promise<MarketplacePreference | null> {
  const active = await db
    .selectFrom("marketplaces")
    .select("id")
    .where("id", "=", marketplaceId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (!active) return null;
  const row = await db
    .insertInto("user_marketplace_preferences")
    .values({ user_id: userId, marketplace_id: marketplaceId, updated_at: new Date() })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ marketplace_id: marketplaceId, updated_at: new Date() }))
    .returning(["marketplace_id", "updated_at"])
    .executeTakeFirstOrThrow();
  return toPreference(row);
}
