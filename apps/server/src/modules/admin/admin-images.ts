import { createHash } from "node:crypto";
import { ADMIN_IMAGE_MAX_BYTES } from "@reelmart/core/api/admin";
import { sniffImageType } from "@reelmart/core/image-sniff";
import sharp from "sharp";
import { tooLarge, unprocessableMedia, unsupportedMedia } from "../../shared/errors.ts";
import type { Storage } from "../../storage/storage.ts";
import { PRODUCT_MEDIA_BUCKET } from "../media/media-jobs.ts";

export const IMAGE_TOO_LARGE_MESSAGE = "Please select an image smaller than 5MB";
export const NOT_AN_IMAGE_MESSAGE = "Please select an image file";

/**
 * An admin image upload (brand logo or cover, marketplace flag, splash logo): the bytes are checked
 * (PNG, JPEG, GIF or WebP by their magic bytes, then decoded by sharp), re-encoded as WebP no larger
 * than the box, and stored under a content-addressed key in the product-media bucket, so the
 * stored-files cleanup knows the columns that name it.
 */
export async function storeAdminImage(storage: Storage, keyPrefix: string, bytes: Uint8Array, box: { width: number; height: number }): Promise<string> {
  if (bytes.length > ADMIN_IMAGE_MAX_BYTES) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE, "file");
  if (!sniffImageType(bytes)) throw unsupportedMedia(NOT_AN_IMAGE_MESSAGE, "file");
  let webp: Buffer;
  try {
    // limitInputPixels guards against decompression bombs hiding in a small file.
    webp = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(box.width, box.height, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unprocessableMedia("This image could not be read. Please choose another one.", "file");
  }
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 16);
  const key = `${keyPrefix}-${hash}.webp`;
  await storage.put(PRODUCT_MEDIA_BUCKET, key, webp, { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" });
  return storage.publicUrl(PRODUCT_MEDIA_BUCKET, key);
}
