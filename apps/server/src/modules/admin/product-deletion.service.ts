// Deleting products: one from its editor, or many at once from the products table's bulk action.
import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import type { Logger } from "../../logger.ts";
import type { Storage } from "../../storage/storage.ts";
import { recordAudit } from "./audit.ts";
import { removeUnreferencedFiles } from "./stored-files.ts";

type Actor = Pick<Viewer, "userId" | "email">;
type Deps = { db: Kysely<DB>; storage: Storage; logger: Logger };

/**
 * Product deletion (000 §7): the product row goes in one transaction with its listings,
 * highlights, promotions, variants, media (and their renditions and engagement rows), shoppers'
 * cart lines and saved rows (all on delete cascade), plus the audit entry; then its files in the
 * product-media bucket that no other row names. A storage failure is logged and does not undo the
 * deletion (000 §8).
 */
export async function deleteAdminProduct(deps: Deps, actor: Actor, id: string): Promise<{ removedFiles: number }> {
  const urls = await deps.db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select(["title", "thumbnail_url", "video_url", "status"]).where("id", "=", id).forUpdate().executeTakeFirst();
    if (!product) throw notFound(`Product with ID ${id} not found`);
    const [media, renditions, variants] = await Promise.all([
      trx.selectFrom("product_media").select(["url", "thumbnail_url", "original_url", "captions_url"]).where("product_id", "=", id).execute(),
      trx.selectFrom("media_renditions as r").innerJoin("product_media as m", "m.id", "r.media_id").select("r.url").where("m.product_id", "=", id).execute(),
      trx.selectFrom("product_variants").select("image_url").where("product_id", "=", id).execute(),
    ]);
    await trx.deleteFrom("products").where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "deleted", entity: "product", entityId: id, summary: { title: product.title, status: product.status, media: media.length } });
    return [
      product.thumbnail_url,
      product.video_url,
      ...media.flatMap((row) => [row.url, row.thumbnail_url, row.original_url, row.captions_url]),
      ...renditions.map((row) => row.url),
      ...variants.map((row) => row.image_url),
    ];
  });
  return { removedFiles: await removeUnreferencedFiles(deps, urls) };
}

export async function deleteAdminProducts(deps: Deps, actor: Actor, ids: string[]): Promise<number> {
  let deleted = 0;
  for (const id of ids) {
    try {
      await deleteAdminProduct(deps, actor, id);
      deleted += 1;
    } catch (error) {
      // An id already gone (another admin, a double click) is not a failure of the others.
      if (!(error instanceof AppError && error.code === ERROR_CODES.notFound)) throw error;
    }
  }
  return deleted;
}
