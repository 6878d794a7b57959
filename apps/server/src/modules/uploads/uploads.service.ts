import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { isUuid } from "@reelmart/core/ids";
import { type Kysely, sql } from "kysely";
import type { Config } from "../../config.ts";
import type { DB, UploadPurpose } from "../../db/schema.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { findFfmpeg } from "../media/ffmpeg.ts";
import { enqueueJob } from "../media/queue.ts";
import { UndecodableMediaError, checkDecodesToEnd, probeVideo } from "../media/probe.ts";
import { UPLOADED_IMAGE_JOB, UPLOADED_VIDEO_JOB, type UploadedMediaPayload } from "../media/upload-jobs.ts";
import { type SniffedMedia, sniffMedia } from "./sniff.ts";
import { type StorageUploadStore, type TusResponseError, readHead, tusError } from "./upload-store.ts";

export const UPLOAD_PURPOSES: readonly UploadPurpose[] = ["product-video", "product-image", "submission"];

type UploadLimits = Config["uploads"];

export function maxBytesFor(purpose: UploadPurpose, limits: UploadLimits): number {
  if (purpose === "product-image") return limits.maxImageBytes;
  if (purpose === "submission") return limits.maxSubmissionBytes;
  return limits.maxVideoBytes;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function tooLargeMessage(purpose: UploadPurpose, limits: UploadLimits): string {
  const kind = purpose === "product-image" ? "Images" : purpose === "submission" ? "Your video" : "Videos";
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
 * of a product that is in their cart (or that they ordered, once orders exist). Returns the
 * metadata to store, with the owner set by the server and unknown keys dropped.
 */
export async function authorizeUpload(db: Kysely<DB>, viewer: Viewer | null, metadata: Record<string, string | null | undefined>): Promise<Record<string, string>> {
  if (!viewer) throw tusError(401, ERROR_CODES.unauthenticated, "Sign in required");
  const purpose = metadata.purpose ?? undefined;
  if (!isPurpose(purpose)) throw tusError(400, ERROR_CODES.badRequest, "purpose: must be product-video, product-image or submission");
  const productId = metadata.productId ?? "";
  if (!isUuid(productId)) throw tusError(400, ERROR_CODES.badRequest, "productId: must be a product id");
  if (purpose !== "submission" && !viewer.isAdmin) throw tusError(403, ERROR_CODES.forbidden, "You don't have permission to do this");
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw tusError(404, ERROR_CODES.notFound, `Product with ID ${productId} not found`);
  if (purpose === "submission" && !(await hasCartedOrBought(db, viewer.userId, productId))) {
    throw tusError(403, ERROR_CODES.forbidden, "You can share a video of a product you bought or added to your cart");
  }
  const title = (metadata.title ?? metadata.filename ?? "").trim().slice(0, 120);
  const category = metadata.category === "ugc" ? "ugc" : "product";
  return { purpose, productId, userId: viewer.userId, title, category, ...(metadata.isMain === "true" ? { isMain: "true" } : {}) };
}

async function hasCartedOrBought(db: Kysely<DB>, userId: string, productId: string): Promise<boolean> {
  const carted = await db.selectFrom("cart_items").select("id").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  if (carted) return true;
  // Orders are their own module; look only when its table exists.
  const { rows } = await sql<{ found: boolean }>`select to_regclass('public.order_items') is not null as found`.execute(db);
  if (!rows[0]?.found) return false;
  const bought = await sql<{ one: number }>`
    select 1 as one from order_items oi join orders o on o.id = oi.order_id
    where o.user_id = ${userId} and oi.product_id = ${productId} limit 1`.execute(db).catch(() => ({ rows: [] }));
  return bought.rows.length > 0;
}

const WRONG_TYPE: Record<UploadPurpose, string> = {
  "product-video": "This file is not a video (MP4, MOV or WebM)",
  submission: "This file is not a video (MP4, MOV or WebM)",
  "product-image": "This file is not an image (JPEG, PNG, WebP or GIF)",
};

/** The first bytes decide the type: a video purpose needs a video container, an image one an image. */
export function checkContentType(purpose: UploadPurpose, head: Uint8Array): SniffedMedia {
  const sniffed = sniffMedia(head);
  const wanted = purpose === "product-image" ? "image" : "video";
  if (!sniffed || sniffed.kind !== wanted) throw tusError(415, ERROR_CODES.unsupportedMedia, WRONG_TYPE[purpose]);
  return sniffed;
}

/**
 * Jobs run in run_after order: a person's upload goes before background work queued for now (the
 * demo catalogue's encodes), so an admin never waits behind the seed.
 */
const interactive = () => new Date(Date.now() - 24 * 3600 * 1000);

export interface FinishedUpload {
  mediaId?: string;
  submissionId?: string;
  status: "processing";
}

/**
 * The last byte arrived: join the parts, check the content (type by bytes, then ffprobe and a
 * decode of the end for video; a shopper's clip at most SUBMISSION_MAX_SECONDS), keep the original
 * under a generated key, and queue its processing. A refused file leaves nothing behind.
 */
export async function finishUpload(
  deps: { db: Kysely<DB>; store: StorageUploadStore; config: Pick<Config, "uploads" | "ffmpegPath"> },
  uploadId: string,
): Promise<FinishedUpload> {
  const row = await deps.db.selectFrom("media_uploads").selectAll().where("id", "=", uploadId).executeTakeFirst();
  if (!row) throw tusError(404, ERROR_CODES.notFound, "Upload not found");
  const work = await mkdtemp(path.join(os.tmpdir(), "reelmart-finish-"));
  const file = path.join(work, "source");
  try {
    await deps.store.assemble(uploadId, row.parts, file);
    await validateContent(row.purpose, file, deps.config);
    const sourceKey = await deps.store.storeSource(uploadId, row.parts, file);
    return await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("media_uploads").set({ status: "complete", parts: JSON.stringify([]) }).where("id", "=", uploadId).execute();
      const meta = row.metadata;
      const payload: UploadedMediaPayload = { sourceKey, productId: row.product_id };
      if (row.purpose === "submission") {
        const submission = await trx
          .insertInto("media_submissions")
          .values({ user_id: row.user_id, product_id: row.product_id, title: meta.title || null, source_key: sourceKey })
          .returning("id")
          .executeTakeFirstOrThrow();
        await enqueueJob(trx, UPLOADED_VIDEO_JOB, { ...payload, submissionId: submission.id }, interactive(), { submissionId: submission.id });
        return { submissionId: submission.id, status: "processing" as const };
      }
      const type = row.purpose === "product-image" ? "image" : "video";
      const hasMain =
        type === "video" &&
        (await trx.selectFrom("product_media").select("id").where("product_id", "=", row.product_id).where("is_main", "=", true).executeTakeFirst());
      const order = await trx
        .selectFrom("product_media")
        .select(sql<number>`coalesce(max(display_order), -1) + 1`.as("next"))
        .where("product_id", "=", row.product_id)
        .executeTakeFirstOrThrow();
      const media = await trx
        .insertInto("product_media")
        .values({
          product_id: row.product_id,
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
    if (isTusResponseError(error)) await deps.store.remove(uploadId).catch(() => {});
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
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
