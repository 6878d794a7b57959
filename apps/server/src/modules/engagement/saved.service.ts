import type { SavedList } from "@reelmart/core/api/engagement";
import { realtimeTopics } from "@reelmart/core/engagement";
import { baseProductId, isUuid } from "@reelmart/core/ids";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, notFound } from "../../shared/errors.ts";
import { notifyChange } from "../realtime/realtime.service.ts";
import { countToday } from "../analytics/rollups.ts";
import { transactionRetried } from "../../db/retry-conflicts.ts";

/** 001 §5: a valid base product id ('Invalid product ID') of an existing product. */
function parseProductId(id: string): string {
  const base = baseProductId(id);
  if (!isUuid(base)) throw badRequest("Invalid product ID", "productId");
  return base.toLowerCase();
}

export async function listSaved(db: Kysely<DB>, userId: string): Promise<SavedList> {
  const rows = await db
    .selectFrom("saved_items as s")
    .innerJoin("products as p", "p.id", "s.product_id")
    .select(["s.product_id", "p.title", "p.price", "p.discount_percentage", "p.thumbnail_url", "p.status"])
    .where("s.user_id", "=", userId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.product_id")
    .execute();
  return {
    items: rows.map((row) => ({
      productId: row.product_id,
      // Drafts and archived products stay saved but show 'Product not available' (001 §2).
      product: row.status === "active" ? { id: row.product_id, title: row.title, price: row.price, discountPercentage: Number(row.discount_percentage), thumbnailUrl: row.thumbnail_url } : null,
    })),
  };
}

export async function saveProduct(db: Kysely<DB>, userId: string, rawId: string): Promise<void> {
  const productId = parseProductId(rawId);
  await transactionRetried(db, async (trx) => {
    const product = await trx.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
    if (!product) throw notFound(`Product with ID ${productId} not found`);
    const inserted = await trx
      .insertInto("saved_items")
      .values({ user_id: userId, product_id: productId })
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
      .returning("product_id")
      .executeTakeFirst();
    if (!inserted) return;
    await countToday(trx, "saves", { productId, mediaId: null });
    await notifyChange(trx, { topic: realtimeTopics.saved(userId), kind: "insert", ids: [productId] });
  });
}

/** Idempotent: removing something not saved is not an error. */
export async function unsaveProduct(db: Kysely<DB>, userId: string, rawId: string): Promise<void> {
  const productId = parseProductId(rawId);
  await transactionRetried(db, async (trx) => {
    const deleted = await trx
      .deleteFrom("saved_items")
      .where("user_id", "=", userId)
      .where("product_id", "=", productId)
      .returning("product_id")
      .executeTakeFirst();
    if (deleted) await notifyChange(trx, { topic: realtimeTopics.saved(userId), kind: "delete", ids: [productId] });
  });
}

/**
 * Sign-in merge of the signed-out list (001 §4). Ids that are malformed or name no product are
 * skipped rather than failing the merge, so one stale local id cannot keep the list from clearing.
 */
export async function mergeSaved(db: Kysely<DB>, userId: string, rawIds: string[]): Promise<SavedList & { skipped: string[] }> {
  const wanted = new Map<string, string>();
  const skipped: string[] = [];
  for (const raw of rawIds) {
    const base = baseProductId(raw);
    if (isUuid(base)) wanted.set(base.toLowerCase(), raw);
    else skipped.push(raw);
  }
  await transactionRetried(db, async (trx) => {
    const ids = [...wanted.keys()];
    const existing = ids.length ? await trx.selectFrom("products").select("id").where("id", "in", ids).execute() : [];
    const found = new Set(existing.map((row) => row.id));
    for (const [id, raw] of wanted) if (!found.has(id)) skipped.push(raw);
    if (!found.size) return;
    const inserted = await trx
      .insertInto("saved_items")
      .values([...found].map((productId) => ({ user_id: userId, product_id: productId })))
      .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
      .returning("product_id")
      .execute();
    for (const row of inserted) await countToday(trx, "saves", { productId: row.product_id, mediaId: null });
    // NOTIFY payloads must stay under 8000 bytes: at most 100 uuids per notification.
    for (let start = 0; start < inserted.length; start += 100) {
      const ids = inserted.slice(start, start + 100).map((row) => row.product_id);
      await notifyChange(trx, { topic: realtimeTopics.saved(userId), kind: "insert", ids });
    }
  });
  return { ...(await listSaved(db, userId)), skipped };
}
