import type { MediaEdited } from "@reelmart/core/api/discovery";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import type { Logger } from "../../logger.ts";
import type { Storage } from "../../storage/storage.ts";
import { recordAudit } from "./audit.ts";
import { removeUnreferencedFiles } from "./stored-files.ts";

type Actor = Pick<Viewer, "userId" | "email">;

/** A media item's title and category: editable mode on video tiles (001 §5), the product editor and the media library. */
export async function editMedia(
  db: Kysely<DB>,
  actor: Actor,
  mediaId: string,
  input: { title?: string | null; category?: "product" | "ugc" },
): Promise<MediaEdited> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("product_media").select(["title", "category"]).where("id", "=", mediaId).forUpdate().executeTakeFirst();
    if (!before) throw notFound(`Media with ID ${mediaId} not found`);
    const row = await trx
      .updateTable("product_media")
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
      })
      .where("id", "=", mediaId)
      .returning(["id", "product_id", "title", "category"])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: "updated",
      entity: "media",
      entityId: mediaId,
      summary: { productId: row.product_id, before, after: { title: row.title, category: row.category } },
    });
    return { id: row.id, productId: row.product_id, title: row.title, category: row.category };
  });
}

/**
 * Removes the media row (renditions, likes, comments, shares and views go with it, on delete
 * cascade), then its stored files that no other row names: url, thumbnail, original, captions and renditions.
 */
export async function deleteMedia(deps: { db: Kysely<DB>; storage: Storage; logger: Logger }, actor: Actor, mediaId: string): Promise<void> {
  const urls = await deps.db.transaction().execute(async (trx) => {
    const renditions = await trx.selectFrom("media_renditions").select("url").where("media_id", "=", mediaId).execute();
    const media = await trx
      .deleteFrom("product_media")
      .where("id", "=", mediaId)
      .returning(["product_id", "url", "thumbnail_url", "original_url", "captions_url", "title", "type"])
      .executeTakeFirst();
    if (!media) throw notFound(`Media with ID ${mediaId} not found`);
    // The product's main video is gone with it; a stale video_url would also keep the file alive.
    await trx.updateTable("products").set({ video_url: null }).where("id", "=", media.product_id).where("video_url", "=", media.url).execute();
    await recordAudit(trx, {
      actor,
      action: "deleted",
      entity: "media",
      entityId: mediaId,
      summary: { productId: media.product_id, title: media.title, type: media.type },
    });
    return [media.url, media.thumbnail_url, media.original_url, media.captions_url, ...renditions.map((rendition) => rendition.url)];
  });
  await removeUnreferencedFiles(deps, urls);
}
