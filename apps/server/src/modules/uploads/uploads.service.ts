import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ADMIN_IMAGE_MAX_BYTES } from "@reelmart/core/api/admin";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { UPLOAD_PURPOSES as UPLOAD_PURPOSE_LIST, type UploadFinished } from "@reelmart/core/api/media";
import { isUuid } from "@reelmart/core/ids";
import { type Kysely, sql } from "kysely";
import type { Config } from "../../config.ts";
import type { DB, UploadPurpose } from "../../db/schema.ts";
import { AppError } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import type { Logger } from "../../logger.ts";
import { type Storage, isStorageUnavailable } from "../../storage/storage.ts";
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from "../admin/admin-images.ts";
import { replaceBrandImage } from "../admin/brands.service.ts";
import { replaceMarketplaceFlag } from "../admin/marketplaces.service.ts";
import { findFfmpeg } from "../media/ffmpeg.ts";
import { enqueueJob } from "../media/queue.ts";
import { hasBoughtProduct } from "../orders/reading.service.ts";
import { UndecodableMediaError, checkDecodesToEnd, probeVideo } from "../media/probe.ts";
import { UPLOADED_IMAGE_JOB, UPLOADED_VIDEO_JOB, type UploadedMediaPayload } from "../media/upload-jobs.ts";
import { type SniffedMedia, sniffMedia } from "./sniff.ts";
import { type StorageUploadStore, type TusResponseError, readHead, tusError } from "./upload-store.ts";

export const UPLOAD_PURPOSES: readonly UploadPurpose[] = UPLOAD_PURPOSE_LIST;

type UploadLimits = Config["uploads"];

/** Brand logos and covers and marketplace flags: one image, stored as WebP when it arrives. */
type StoreImagePurpose = "brand-logo" | "brand-cover" | "marketplace-flag";
const STORE_IMAGE_PURPOSES: readonly UploadPurpose[] = ["brand-logo", "brand-cover", "marketplace-flag"];
const isStoreImage = (purpose: UploadPurpose): purpose is StoreImagePurpose => STORE_IMAGE_PURPOSES.includes(purpose);
const isImagePurpose = (purpose: UploadPurpose) => purpose === "product-image" || isStoreImage(purpose);

export function maxBytesFor(purpose: UploadPurpose, limits: UploadLimits): number {
  // The store's images keep the multipart route's 5 MB (the spec's message), within UPLOAD_MAX_IMAGE_MB.
  if (isStoreImage(purpose)) return Math.min(ADMIN_IMAGE_MAX_BYTES, limits.maxImageBytes);
  if (purpose === "product-image") return limits.maxImageBytes;
  if (purpose === "submission") return limits.maxSubmissionBytes;
  return limits.maxVideoBytes;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function tooLargeMessage(purpose: UploadPurpose, limits: UploadLimits): string {
  if (isStoreImage(purpose) && maxBytesFor(purpose, limits) === ADMIN_IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  const kind = isImagePurpose(purpose) ? "Images" : purpose === "submission" ? "Your video" : "Videos";
  return `${kind} can be at most ${megabytes(maxBytesFor(purpose, limits))}`;
}

/** tus Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (!key) continue;
    result[key] = value ? Buffer.from(value, "base64").toString("utf8") : "";
  }
  return result;
}

export function isPurpose(value: string | undefined): value is UploadPurpose {
  return UPLOAD_PURPOSES.includes(value as UploadPurpose);
}

/**
 * Who may start an upload for what: product media are the admins'; a shopper may submit a video
 * of a product that is in their cart or that they bought (orders' hasBoughtProduct). Returns the
 * metadata to store, with the owner set by the server and unknown keys dropped.
 */
export async function authorizeUpload(db: Kysely<DB>, viewer: Viewer | null, metadata: Record<string, string | null | undefined>): Promise<Record<string, string>> {
  if (!viewer) throw tusError(401, ERROR_CODES.unauthenticated, "Sign in required");
  const purpose = metadata.purpose ?? undefined;
  if (!isPurpose(purpose)) throw tusError(400, ERROR_CODES.badRequest, `purpose: must be one of ${UPLOAD_PURPOSES.join(", ")}`);
  if (isStoreImage(purpose)) return authorizeStoreImage(db, viewer, purpose, metadata);
  const productId = metadata.productId ?? "";
  if (!isUuid(productId)) throw tusError(400, ERROR_CODES.badRequest, "productId: must be a product id");
  if (purpose !== "submission" && !viewer.isAdmin) throw tusError(403, ERROR_CODES.forbidden, "You don't have permission to do this");
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw tusError(404, ERROR_CODES.notFound, `Product with ID ${productId} not found`);
  if (purpose === "submission" && !(await hasCartedOrBought(db, viewer.userId, productId))) {
    throw tusError(403, ERROR_CODES.forbidden, "You can share a video of a product you bought or added to your cart");
  }
  // Only a title someone typed: a file's name ('clip.mp4') is no title for shoppers, and a media
  // item without one goes by its product's title (decision 209).
  const title = (metadata.title ?? "").trim().slice(0, 120);
  const category = metadata.category === "ugc" ? "ugc" : "product";
  return { purpose, productId, userId: viewer.userId, title, category, ...(metadata.isMain === "true" ? { isMain: "true" } : {}) };
}

/** A brand's logo or cover, a marketplace's flag: admins only, for a brand or marketplace that exists. */
async function authorizeStoreImage(db: Kysely<DB>, viewer: Viewer, purpose: StoreImagePurpose, metadata: Record<string, string | null | undefined>): Promise<Record<string, string>> {
  if (!viewer.isAdmin) throw tusError(403, ERROR_CODES.forbidden, "You don't have permission to do this");
  if (purpose === "marketplace-flag") {
    const marketplaceId = metadata.marketplaceId ?? "";
    if (!isUuid(marketplaceId)) throw tusError(400, ERROR_CODES.badRequest, "marketplaceId: must be a marketplace id");
    const found = await db.selectFrom("marketplaces").select("id").where("id", "=", marketplaceId).executeTakeFirst();
    if (!found) throw tusError(404, ERROR_CODES.notFound, `Marketplace with ID ${marketplaceId} not found`);
    return { purpose, marketplaceId, userId: viewer.userId };
  }
  const brandId = metadata.brandId ?? "";
  if (!isUuid(brandId)) throw tusError(400, ERROR_CODES.badRequest, "brandId: must be a brand id");
  const found = await db.selectFrom("brands").select("id").where("id", "=", brandId).executeTakeFirst();
  if (!found) throw tusError(404, ERROR_CODES.notFound, `Brand with ID ${brandId} not found`);
  return { purpose, brandId, userId: viewer.userId };
}

async function hasCartedOrBought(db: Kysely<DB>, userId: string, productId: string): Promise<boolean> {
  const carted = await db.selectFrom("cart_items").select("id").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  return carted !== undefined || hasBoughtProduct(db, userId, productId);
}

const WRONG_TYPE: Record<UploadPurpose, string> = {
  "product-video": "This file is not a video (MP4, MOV or WebM)",
  submission: "This file is not a video (MP4, MOV or WebM)",
  "product-image": "This file is not an image (JPEG, PNG, WebP or GIF)",
  "brand-logo": NOT_AN_IMAGE_MESSAGE,
  "brand-cover": NOT_AN_IMAGE_MESSAGE,
  "marketplace-flag": NOT_AN_IMAGE_MESSAGE,
};

/** The first bytes decide the type: a video purpose needs a video container, an image one an image. */
export function checkContentType(purpose: UploadPurpose, head: Uint8Array): SniffedMedia {
  const sniffed = sniffMedia(head);
  const wanted = isImagePurpose(purpose) ? "image" : "video";
  if (!sniffed || sniffed.kind !== wanted) throw tusError(415, ERROR_CODES.unsupportedMedia, WRONG_TYPE[purpose]);
  return sniffed;
}

/**
 * Jobs run in run_after order: a person's upload goes before background work queued for now (the
 * demo catalogue's encodes), so an admin never waits behind the seed.
 */
const interactive = () => new Date(Date.now() - 24 * 3600 * 1000);

export type FinishedUpload = UploadFinished;

/**
 * The last byte arrived: join the parts, check the content (type by bytes, then ffprobe and a
 * decode of the end for video; a shopper's clip at most SUBMISSION_MAX_SECONDS), keep the original
 * under a generated key, and queue its processing. A refused file leaves nothing behind.
 */
export async function finishUpload(
  deps: { db: Kysely<DB>; store: StorageUploadStore; storage: Storage; logger: Logger; config: Pick<Config, "uploads" | "ffmpegPath"> },
  uploadId: string,
): Promise<FinishedUpload> {
  const row = await deps.db.selectFrom("media_uploads").selectAll().where("id", "=", uploadId).executeTakeFirst();
  if (!row) throw tusError(404, ERROR_CODES.notFound, "Upload not found");
  const work = await mkdtemp(path.join(os.tmpdir(), "reelmart-finish-"));
  const file = path.join(work, "source");
  try {
    await deps.store.assemble(uploadId, row.parts, file);
    await validateContent(row.purpose, file, deps.config);
    if (isStoreImage(row.purpose)) return await finishStoreImage(deps, row, file);
    const sourceKey = await deps.store.storeSource(uploadId, row.parts, file);
    return await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("media_uploads").set({ status: "complete", parts: JSON.stringify([]) }).where("id", "=", uploadId).execute();
      const meta = row.metadata;
      const productId = row.product_id!;
      const payload: UploadedMediaPayload = { sourceKey, productId };
      if (row.purpose === "submission") {
        const submission = await trx
          .insertInto("media_submissions")
          .values({ user_id: row.user_id, product_id: productId, title: meta.title || null, source_key: sourceKey })
          .returning("id")
          .executeTakeFirstOrThrow();
        await enqueueJob(trx, UPLOADED_VIDEO_JOB, { ...payload, submissionId: submission.id }, interactive(), { submissionId: submission.id });
        return { submissionId: submission.id, status: "processing" as const };
      }
      const type = row.purpose === "product-image" ? "image" : "video";
      const hasMain =
        type === "video" &&
        (await trx.selectFrom("product_media").select("id").where("product_id", "=", productId).where("is_main", "=", true).executeTakeFirst());
      const order = await trx
        .selectFrom("product_media")
        .select(sql<number>`coalesce(max(display_order), -1) + 1`.as("next"))
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow();
      const media = await trx
        .insertInto("product_media")
        .values({
          product_id: productId,
          url: "",
          type,
          category: type === "video" && meta.category === "ugc" ? "ugc" : "product",
          title: meta.title || null,
          is_main: type === "video" && (meta.isMain === "true" || !hasMain),
          display_order: Number(order.next),
          status: "processing",
          source_type: "storage",
          metadata: JSON.stringify({ uploadedBy: row.user_id }),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueJob(trx, type === "video" ? UPLOADED_VIDEO_JOB : UPLOADED_IMAGE_JOB, { ...payload, mediaId: media.id }, interactive(), { mediaId: media.id });
      return { mediaId: media.id, status: "processing" as const };
    });
  } catch (error) {
    // A refused file (the client's fault) leaves nothing behind; a server fault (storage away or
    // full among them) keeps the bytes and takes the last part back, so the client's retry of it
    // finishes the upload (decision 222).
    if (isTusResponseError(error) || (error instanceof AppError && !isStorageUnavailable(error))) {
      // The refusal is what the client hears; parts that will not go are logged and cost only space.
      await deps.store.remove(uploadId).catch((removeError: unknown) => deps.logger.warn({ err: removeError, uploadId }, "refused upload not removed"));
    } else {
      await deps.store.rewindLastPart(uploadId);
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A brand or marketplace image: decoded, re-encoded as WebP (metadata dropped) and saved on its
 * brand or marketplace by the same services as the multipart routes, with the audit entry and the
 * old file's removal; the upload row is done with at once.
 */
async function finishStoreImage(
  deps: { db: Kysely<DB>; store: StorageUploadStore; storage: Storage; logger: Logger },
  row: { id: string; user_id: string; purpose: UploadPurpose; parts: number[]; metadata: Record<string, string | null> },
  file: string,
): Promise<FinishedUpload> {
  const user = await deps.db.selectFrom("user").select(["id", "email"]).where("id", "=", row.user_id).executeTakeFirstOrThrow();
  const actor = { userId: user.id, email: user.email };
  const bytes = await readFile(file);
  const services = { db: deps.db, storage: deps.storage, logger: deps.logger };
  let url: string | null;
  if (row.purpose === "marketplace-flag") {
    url = (await replaceMarketplaceFlag(services, actor, row.metadata.marketplaceId ?? "", bytes)).flagUrl;
  } else {
    const kind = row.purpose === "brand-logo" ? "logo" : "cover";
    const brand = await replaceBrandImage(services, actor, row.metadata.brandId ?? "", kind, bytes);
    url = kind === "logo" ? brand.logoUrl : brand.coverImageUrl;
  }
  await deps.store.remove(row.id);
  return { status: "ready", url: url ?? undefined };
}

function isTusResponseError(error: unknown): error is TusResponseError {
  return typeof error === "object" && error !== null && "status_code" in error && "body" in error;
}

async function validateContent(purpose: UploadPurpose, file: string, config: Pick<Config, "uploads" | "ffmpegPath">): Promise<void> {
  const sniffed = checkContentType(purpose, await readHead(file, 64));
  if (sniffed.kind === "image") return;
  const ffmpeg = await findFfmpeg(config.ffmpegPath);
  if (!ffmpeg) throw tusError(503, "media_unavailable", "Video processing is not available on this server (ffmpeg is missing)");
  try {
    const probe = await probeVideo(ffmpeg, file);
    await checkDecodesToEnd(ffmpeg, file);
    if (purpose === "submission" && probe.durationSeconds > config.uploads.maxSubmissionSeconds + 0.5) {
      throw tusError(422, ERROR_CODES.unprocessableMedia, `Your video can be at most ${config.uploads.maxSubmissionSeconds} seconds long`);
    }
  } catch (error) {
    if (error instanceof UndecodableMediaError) throw tusError(422, ERROR_CODES.unprocessableMedia, `${error.message}: it does not play as a video`);
    throw error;
  }
}
