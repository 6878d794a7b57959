import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { type Kysely, sql } from "kysely";
import sharp from "sharp";
import type { DB, ProcessedVideo } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { type Storage, deleteLeftover, isStorageUnavailable } from "../../storage/storage.ts";
import { FFMPEG_MISSING_MESSAGE, FfmpegError, findFfmpeg } from "./ffmpeg.ts";
import { AbandonedJobError, JobMustWaitError, PermanentJobError, type MediaJob, type ProgressReporter, whileHoldingJob } from "./queue.ts";
import { UndecodableMediaError, probeVideo } from "./probe.ts";
import { type EncodeTimeLimit, transcodeLadder } from "./transcode.ts";

export const UPLOADED_VIDEO_JOB = "uploaded-video";
export const UPLOADED_IMAGE_JOB = "uploaded-image";
const BUCKET = "product-media";

export interface UploadedMediaPayload {
  /** The assembled original in the private uploads bucket. */
  sourceKey: string;
  productId: string;
  /** Exactly one: the product_media row to fill, or the shopper submission waiting for moderation. */
  mediaId?: string;
  submissionId?: string;
}

export interface UploadJobContext {
  db: Kysely<DB>;
  storage: Storage;
  logger: Logger;
  ffmpegPath: string | undefined;
  /** ffmpeg threads per encode: the cores shared among the workers, so encodes never oversubscribe. */
  threads: number;
  /** The encode's time limit when not transcode.ts's own (tests give a short one). */
  encodeTimeLimit?: EncodeTimeLimit;
}

/** Image widths the app shows: card and grid tiles, the detail view, full screen. */
export const IMAGE_WIDTHS = [320, 640, 1080] as const;

/**
 * The spec's optimized naming (001 §4): every key contains `/optimized-` and each rendition's
 * poster is its key with `.mp4` swapped for `-thumbnail.jpg`, so clients derive posters from URLs.
 */
export function uploadedVideoKeys(productId: string, contentHash: string) {
  const base = `products/${productId}/optimized-${contentHash}`;
  return {
    rendition: (name: number) => `${base}-${name}.mp4`,
    poster: (name: number) => `${base}-${name}-thumbnail.jpg`,
  };
}

async function download(storage: Storage, key: string, file: string): Promise<void> {
  await fromStorage(async () => pipeline(await storage.read("uploads", key), createWriteStream(file)));
}

/** An error's own words, or its code when it has none (Node's AggregateError of refused connections). */
function whatWentWrong(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message || String((error as { code?: unknown }).code ?? error.name);
}

/**
 * A storage step of a job: when the storage is away (stopped, failing, its disk full) the job waits
 * for it instead of spending an attempt: the outage is not the file's fault.
 */
async function fromStorage<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isStorageUnavailable(error)) throw new JobMustWaitError(`storage unavailable: ${whatWentWrong(error.cause ?? error)}`, { cause: error });
    throw error;
  }
}

async function fileHash(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex").slice(0, 16);
}

/**
 * Probe, encode the ladder with posters, store, then switch the row to 'ready' (or the submission
 * to 'pending' review) in one transaction. Safe to run again after a crash: keys are content
 * addressed and the renditions are replaced, not added.
 */
export async function processUploadedVideo(context: UploadJobContext, job: MediaJob, report: ProgressReporter): Promise<void> {
  const payload = job.payload as unknown as UploadedMediaPayload;
  const ffmpeg = await findFfmpeg(context.ffmpegPath);
  if (!ffmpeg) throw new Error(FFMPEG_MISSING_MESSAGE);
  const work = await mkdtemp(path.join(os.tmpdir(), "reelmart-job-"));
  try {
    report("downloading", 0);
    const source = path.join(work, "source");
    await download(context.storage, payload.sourceKey, source);
    report("probing", 2);
    const probe = await probeVideo(ffmpeg, source).catch((error: unknown) => {
      throw error instanceof UndecodableMediaError ? new PermanentJobError(error.message) : error;
    });
    report("encoding", 3);
    const encoded = await transcodeLadder(ffmpeg, source, probe, work, {
      threads: context.threads,
      onProgress: (fraction) => report("encoding", 3 + fraction * 90),
      timeLimit: context.encodeTimeLimit,
    });
    report("storing", 94);
    const keys = uploadedVideoKeys(payload.productId, await fileHash(encoded.renditions[0]!.file));
    const stored = await Promise.all(
      encoded.renditions.map(async (rendition) => {
        const key = keys.rendition(rendition.name);
        const info = await fromStorage(async () => {
          await context.storage.putFile(BUCKET, key, rendition.file, { contentType: "video/mp4" });
          await context.storage.putFile(BUCKET, keys.poster(rendition.name), rendition.posterFile, { contentType: "image/jpeg" });
          return context.storage.head(BUCKET, key);
        });
        return { width: rendition.width, height: rendition.height, key, bytes: info?.size ?? 0 };
      }),
    );
    const master = encoded.renditions[0]!;
    const result: ProcessedVideo = {
      renditions: stored,
      posterKey: keys.poster(master.name),
      durationSeconds: Math.round(probe.durationSeconds * 100) / 100,
      width: probe.width,
      height: probe.height,
    };
    await whileHoldingJob(context.db, job, async (trx) => {
      if (payload.submissionId) {
        await trx
          .updateTable("media_submissions")
          .set({ status: "pending", result: JSON.stringify(result), reason: null, updated_at: new Date() })
          .where("id", "=", payload.submissionId)
          .execute();
      } else if (payload.mediaId) {
        await applyProcessedVideoIn(trx, context.storage, payload.mediaId, result, { rotation: probe.rotation, sourceCodec: probe.videoCodec });
      }
    });
    // The original is no longer needed once the renditions exist.
    await deleteLeftover(context.storage, "uploads", payload.sourceKey, context.logger);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Points a product_media row at its renditions and marks it ready, inside the caller's transaction
 * (also used when a submission is approved).
 */
export async function applyProcessedVideoIn(trx: Kysely<DB>, storage: Storage, mediaId: string, result: ProcessedVideo, extra: Record<string, unknown> = {}): Promise<void> {
  const url = (key: string) => storage.publicUrl(BUCKET, key);
  {
    const row = await trx
      .updateTable("product_media")
      .set({
        url: url(result.renditions[0]!.key),
        thumbnail_url: url(result.posterKey),
        duration: result.durationSeconds,
        status: "ready",
        metadata: JSON.stringify({ width: result.width, height: result.height, ...extra }),
      })
      .where("id", "=", mediaId)
      .returning(["id", "product_id", "is_main", "url"])
      .executeTakeFirst();
    if (!row) return; // deleted while it was processing
    await trx.deleteFrom("media_renditions").where("media_id", "=", mediaId).execute();
    await trx
      .insertInto("media_renditions")
      .values(result.renditions.map((rendition) => ({ media_id: mediaId, width: rendition.width, height: rendition.height, url: url(rendition.key), bytes: rendition.bytes })))
      .execute();
    if (row.is_main) await trx.updateTable("products").set({ video_url: row.url, updated_at: new Date() }).where("id", "=", row.product_id).execute();
  }
}

/**
 * Images become WebP at the widths the app shows (never wider than the original) plus a JPEG of
 * the largest for clients without WebP; rotation from EXIF is applied and all metadata (EXIF,
 * GPS, ICC comments) dropped, since sharp writes none unless asked.
 */
export async function processUploadedImage(context: UploadJobContext, job: MediaJob, report: ProgressReporter): Promise<void> {
  const payload = job.payload as unknown as UploadedMediaPayload;
  const { mediaId } = payload;
  if (!mediaId) throw new PermanentJobError("image job without a media row");
  report("downloading", 0);
  const original = await fromStorage(async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await context.storage.read("uploads", payload.sourceKey)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  report("resizing", 30);
  let meta;
  try {
    meta = await sharp(original, { limitInputPixels: 100_000_000 }).rotate().metadata();
  } catch {
    throw new PermanentJobError("The image cannot be read");
  }
  const upright = await sharp(original, { limitInputPixels: 100_000_000 }).rotate().toBuffer({ resolveWithObject: true });
  const width = upright.info.width;
  const height = upright.info.height;
  const hash = createHash("sha256").update(original).digest("hex").slice(0, 16);
  const base = `products/${payload.productId}/image-${hash}`;
  const widths = [...new Set(IMAGE_WIDTHS.map((target) => Math.min(target, width)))];
  const outputs = await Promise.all(
    widths.map(async (target) => {
      const webp = await sharp(upright.data).resize({ width: target, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      const key = `${base}-${target}.webp`;
      await fromStorage(() => context.storage.put(BUCKET, key, webp, { contentType: "image/webp" }));
      return { width: target, key };
    }),
  );
  const largest = outputs[outputs.length - 1]!;
  const jpegKey = `${base}-${largest.width}.jpg`;
  const jpeg = await sharp(upright.data).resize({ width: largest.width, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await fromStorage(() => context.storage.put(BUCKET, jpegKey, jpeg, { contentType: "image/jpeg" }));
  report("storing", 90);
  const url = (key: string) => context.storage.publicUrl(BUCKET, key);
  await whileHoldingJob(context.db, job, (trx) =>
    trx
      .updateTable("product_media")
      .set({
        url: url(largest.key),
        thumbnail_url: url(outputs[0]!.key),
        status: "ready",
        metadata: JSON.stringify({
          width,
          height,
          format: meta.format,
          variants: outputs.map((output) => ({ width: output.width, url: url(output.key) })),
          jpegUrl: url(jpegKey),
        }),
      })
      .where("id", "=", mediaId)
      .execute(),
  );
  await deleteLeftover(context.storage, "uploads", payload.sourceKey, context.logger);
}

const EXPORT_AS_MP4 = "Try uploading it again, or export it from your editor as MP4 (H.264).";

/**
 * What the shop owner reads in the media library for a job out of attempts, in plain words;
 * ffmpeg's own (its log's tail, how it was stopped) stay in media_jobs.last_error and the log.
 */
function ownerFacingFailure(job: MediaJob, error: Error): string {
  if (error instanceof PermanentJobError) return error.message;
  if (job.kind === UPLOADED_IMAGE_JOB) return "This image could not be processed. Try uploading it again.";
  // Stopped ffmpegs and vanished workers fail a job only once it is out of attempts (MAX_ATTEMPTS: three).
  if ((error instanceof FfmpegError && error.stopped) || error instanceof AbandonedJobError) {
    return `This video could not be processed: converting it stopped responding three times. ${EXPORT_AS_MP4}`;
  }
  return `This video could not be processed. ${EXPORT_AS_MP4}`;
}

/** A job out of attempts: the row shows why, and the admin screen offers a retry. */
export async function markUploadFailed(db: Kysely<DB>, job: MediaJob, error: Error): Promise<void> {
  const payload = job.payload as unknown as UploadedMediaPayload;
  const reason = ownerFacingFailure(job, error);
  if (payload.mediaId) {
    await db
      .updateTable("product_media")
      .set({ status: "failed", metadata: sql<string>`metadata || ${JSON.stringify({ error: reason })}::jsonb` })
      .where("id", "=", payload.mediaId)
      .execute();
  }
  if (payload.submissionId) {
    await db.updateTable("media_submissions").set({ status: "failed", reason, updated_at: new Date() }).where("id", "=", payload.submissionId).execute();
  }
}
