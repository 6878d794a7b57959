import type { ProductSummary } from "@reelmart/core/api/catalog";
import type { MediaEdited } from "@reelmart/core/api/discovery";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import type { Logger } from "../../logger.ts";
import { type Storage, isValidKey } from "../../storage/storage.ts";
import { activeProducts, withMedia } from "../catalog/catalog.service.ts";
import { PRODUCT_MEDIA_BUCKET } from "../media/media-jobs.ts";

/** Explore's trending row: active products by the total views of their media, most viewed first. */
export async function trendingProducts(db: Kysely<DB>, input: { marketplaceId?: string; limit: number }): Promise<ProductSummary[]> {
  const rows = await activeProducts(db, input.marketplaceId)
    .orderBy(
      (eb) => eb.selectFrom("product_media as m").select(sql<number>`coalesce(sum(m.view_count), 0)`.as("views")).whereRef("m.product_id", "=", "p.id"),
      "desc",
    )
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .limit(input.limit)
    .execute();
  return withMedia(db, rows);
}

/**
 * Similar products (001 §2): other active products, those sharing the category or brand first
 * (both shared ranks above one), then newest. With a marketplace, only products listed there.
 */
export async function similarProducts(
  db: Kysely<DB>,
  productId: string,
  input: { marketplaceId?: string; limit: number },
): Promise<ProductSummary[]> {
  const source = await db
    .selectFrom("products")
    .select(["category", "brand_id"])
    .where("id", "=", productId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!source) throw notFound(`Product with ID ${productId} not found`);

  const sameCategory = sql<number>`(p.category = ${source.category})::int`;
  const sameBrand = source.brand_id ? sql<number>`(p.brand_id is not distinct from ${source.brand_id})::int` : sql<number>`0`;
  const rows = await activeProducts(db, input.marketplaceId)
    .where("p.id", "<>", productId)
    .orderBy(sql`${sameCategory} + ${sameBrand}`, "desc")
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .limit(input.limit)
    .execute();
  return withMedia(db, rows);
}

/** Editable mode on video tiles (001 §5): title and category, persisted. */
export async function editMedia(db: Kysely<DB>, mediaId: string, input: { title?: string | null; category?: "product" | "ugc" }): Promise<MediaEdited> {
  const row = await db
    .updateTable("product_media")
    .set({
      ...(input.title !== undefined ? { title: input.title || null } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
    })
    .where("id", "=", mediaId)
    .returning(["id", "product_id", "title", "category"])
    .executeTakeFirst();
  if (!row) throw notFound(`Media with ID ${mediaId} not found`);
  return { id: row.id, productId: row.product_id, title: row.title, category: row.category };
}

/** Every column that may name a product-media file (flags, logos and cards live in that bucket too). */
const FILE_URL_COLUMNS = [
  ["product_media", "url"],
  ["product_media", "thumbnail_url"],
  ["product_media", "original_url"],
  ["media_renditions", "url"],
  ["products", "thumbnail_url"],
  ["products", "video_url"],
  ["product_variants", "image_url"],
  ["brands", "logo_url"],
  ["brands", "cover_image_url"],
  ["marketplaces", "flag_url"],
] as const satisfies readonly (readonly [keyof DB, string])[];

/** Those of `urls` some row still names. Admin deletes are rare, so unindexed columns are acceptable. */
async function urlsInUse(db: Kysely<DB>, urls: string[]): Promise<Set<string>> {
  const list = sql.join(urls);
  const lookups = FILE_URL_COLUMNS.map(([table, column]) => sql`select ${sql.ref(column)} as url from ${sql.table(table)} where ${sql.ref(column)} in (${list})`);
  const { rows } = await sql<{ url: string }>`${sql.join(lookups, sql` union `)}`.execute(db);
  return new Set(rows.map((row) => row.url));
}

/**
 * Removes the media row (renditions, likes, comments, shares and views go with it, on delete
 * cascade), then its stored files: url, thumbnail and renditions. Product-media keys are content
 * addressed, so another row may name the same file (a processing video's stand-in is its product's
 * card): only files no row names any more are removed.
 */
export async function deleteMedia(deps: { db: Kysely<DB>; storage: Storage; logger: Logger }, mediaId: string): Promise<void> {
  const urls = await deps.db.transaction().execute(async (trx) => {
    const renditions = await trx.selectFrom("media_renditions").select("url").where("media_id", "=", mediaId).execute();
    const media = await trx.deleteFrom("product_media").where("id", "=", mediaId).returning(["product_id", "url", "thumbnail_url"]).executeTakeFirst();
    if (!media) throw notFound(`Media with ID ${mediaId} not found`);
    // The product's main video is gone with it; a stale video_url would also keep the file alive.
    await trx.updateTable("products").set({ video_url: null }).where("id", "=", media.product_id).where("video_url", "=", media.url).execute();
    return [media.url, media.thumbnail_url, ...renditions.map((rendition) => rendition.url)];
  });

  // publicUrl(bucket, key) is the bucket's URL prefix followed by the key, for every driver.
  const prefix = deps.storage.publicUrl(PRODUCT_MEDIA_BUCKET, "");
  const stored = [...new Set(urls)].filter((url): url is string => url !== null && url.startsWith(prefix) && isValidKey(url.slice(prefix.length)));
  if (!stored.length) return;
  const inUse = await urlsInUse(deps.db, stored);
  await Promise.all(
    stored
      .filter((url) => !inUse.has(url))
      .map((url) =>
        deps.storage.delete(PRODUCT_MEDIA_BUCKET, url.slice(prefix.length)).catch((error: unknown) => {
          // The row is already gone; a file left behind costs space, not correctness.
          deps.logger.warn({ err: error, url }, "deleted media's file could not be removed");
        }),
      ),
  );
}
