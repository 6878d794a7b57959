import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { type Storage, isValidKey } from "../../storage/storage.ts";
import { PRODUCT_MEDIA_BUCKET } from "../media/media-jobs.ts";

/** Every column that may name a product-media file (flags, logos and cards live in that bucket too). */
const FILE_URL_COLUMNS = [
  ["product_media", "url"],
  ["product_media", "thumbnail_url"],
  ["product_media", "original_url"],
  ["product_media", "captions_url"],
  ["media_renditions", "url"],
  ["products", "thumbnail_url"],
  ["products", "video_url"],
  ["product_variants", "image_url"],
  ["brands", "logo_url"],
  ["brands", "cover_image_url"],
  ["marketplaces", "flag_url"],
  ["store_settings", "splash_logo_url"],
] as const satisfies readonly (readonly [keyof DB, string])[];

/** Those of `urls` some row still names. Admin deletes are rare, so unindexed columns are acceptable. */
async function urlsInUse(db: Kysely<DB>, urls: string[]): Promise<Set<string>> {
  const list = sql.join(urls);
  const lookups = FILE_URL_COLUMNS.map(([table, column]) => sql`select ${sql.ref(column)} as url from ${sql.table(table)} where ${sql.ref(column)} in (${list})`);
  const { rows } = await sql<{ url: string }>`${sql.join(lookups, sql` union `)}`.execute(db);
  return new Set(rows.map((row) => row.url));
}

/**
 * Removes the product-media files behind `urls` once their rows are gone. Keys are content
 * addressed, so another row may name the same file (a processing video's stand-in is its product's
 * card): only files no row names any more are removed. Runs after the rows' transaction commits;
 * a file that cannot be removed is logged and left (000 §8: storage cleanup never stops a deletion).
 * Returns how many files were removed.
 */
export async function removeUnreferencedFiles(deps: { db: Kysely<DB>; storage: Storage; logger: Logger }, urls: readonly (string | null)[]): Promise<number> {
  // publicUrl(bucket, key) is the bucket's URL prefix followed by the key, for every driver.
  const prefix = deps.storage.publicUrl(PRODUCT_MEDIA_BUCKET, "");
  const stored = [...new Set(urls)].filter((url): url is string => url !== null && url.startsWith(prefix) && isValidKey(url.slice(prefix.length)));
  if (!stored.length) return 0;
  let inUse: Set<string>;
  try {
    inUse = await urlsInUse(deps.db, stored);
  } catch (error) {
    deps.logger.warn({ err: error }, "could not check which files are still named; leaving them");
    return 0;
  }
  const removed = await Promise.all(
    stored
      .filter((url) => !inUse.has(url))
      .map((url) =>
        deps.storage.delete(PRODUCT_MEDIA_BUCKET, url.slice(prefix.length)).then(
          () => 1,
          (error: unknown) => {
            // The row is already gone; a file left behind costs space, not correctness.
            deps.logger.warn({ err: error, url }, "deleted row's file could not be removed");
            return 0;
          },
        ),
      ),
  );
  return removed.reduce<number>((sum, one) => sum + one, 0);
}
