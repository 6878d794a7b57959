import { AVATAR_CACHE_CONTROL_SECONDS, AVATAR_MAX_BYTES } from "@reelmart/core/constants";
import { sniffImageType } from "@reelmart/core/image-sniff";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { DB } from "../../db/schema.ts";
import { tooLarge, unprocessableMedia, unsupportedMedia } from "../../shared/errors.ts";
import type { Logger } from "../../logger.ts";
import type { Storage } from "../../storage/storage.ts";

export const AVATAR_SIZE = 256;
export const TOO_LARGE_MESSAGE = "Please select an image smaller than 5MB";
export const NOT_AN_IMAGE_MESSAGE = "Please select an image file";

/**
 * Avatar update (000 §4): check the bytes, resize to a small WebP, store it under a key from the
 * user id and a timestamp, point the profile at it, then remove the previous file.
 */
export async function replaceAvatar(
  deps: { db: Kysely<DB>; storage: Storage; logger: Logger },
  userId: string,
  bytes: Uint8Array,
): Promise<{ avatarUrl: string }> {
  if (bytes.length > AVATAR_MAX_BYTES) throw tooLarge(TOO_LARGE_MESSAGE, "file");
  if (!sniffImageType(bytes)) throw unsupportedMedia(NOT_AN_IMAGE_MESSAGE, "file");
  let webp: Buffer;
  try {
    // limitInputPixels guards against decompression bombs hiding in a small file.
    webp = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unprocessableMedia("This image could not be read. Please choose another one.", "file");
  }
  // Storage keys are lower-case; better-auth ids are mixed-case, and the timestamp keeps keys unique.
  const key = `${userId.toLowerCase()}-${Date.now()}.webp`;
  await deps.storage.put("avatars", key, webp, { contentType: "image/webp", cacheControl: `public, max-age=${AVATAR_CACHE_CONTROL_SECONDS}` });
  const avatarUrl = deps.storage.publicUrl("avatars", key);
  const previous = await deps.db.selectFrom("profiles").select("avatar_key").where("id", "=", userId).executeTakeFirst();
  await deps.db
    .insertInto("profiles")
    .values({ id: userId, avatar_url: avatarUrl, avatar_key: key, updated_at: new Date() })
    .onConflict((oc) => oc.column("id").doUpdateSet({ avatar_url: avatarUrl, avatar_key: key, updated_at: new Date() }))
    .execute();
  if (previous?.avatar_key && previous.avatar_key !== key) {
    await deps.storage.delete("avatars", previous.avatar_key).catch((error: unknown) => {
      deps.logger.warn({ err: error, key: previous.avatar_key }, "old avatar could not be removed");
    });
  }
  return { avatarUrl };
}
