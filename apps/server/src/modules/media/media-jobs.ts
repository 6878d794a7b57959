import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import os from "node:os";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import type { AppDeps } from "../../context.ts";
import type { DB } from "../../db/schema.ts";
import { MediaCache } from "./cache.ts";
import { FFMPEG_MISSING_MESSAGE, findFfmpeg } from "./ffmpeg.ts";
import { type JobKind, type MediaJob, type Workers, startWorkers } from "./queue.ts";
import { UPLOADED_IMAGE_JOB, UPLOADED_VIDEO_JOB, type UploadJobContext, markUploadFailed, processUploadedImage, processUploadedVideo } from "./upload-jobs.ts";
import { type DemoVideoSpec, MASTER_RENDITION, renderDemoVideo } from "./video.ts";

export const DEMO_VIDEO_JOB = "demo-video";
export const PRODUCT_MEDIA_BUCKET = "product-media";

export interface DemoVideoPayload {
  mediaId: string;
  productId: string;
  spec: DemoVideoSpec;
  /** Also becomes products.video_url (the product's main video). */
  isMain: boolean;
}

export interface MediaContext extends UploadJobContext {
  cache: MediaCache;
  staleLockSeconds: number;
}

export function createMediaContext(deps: Pick<AppDeps, "config" | "database" | "storage" | "logger">): MediaContext {
  const workers = Math.max(1, deps.config.mediaWorkers);
  return {
    db: deps.database.db,
    storage: deps.storage,
    logger: deps.logger,
    cache: new MediaCache(deps.config.mediaCacheDir),
    ffmpegPath: deps.config.ffmpegPath,
    threads: Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / workers))),
    staleLockSeconds: deps.config.mediaJobStaleSeconds,
  };
}

/** The job kinds this module's workers run. */
export function mediaJobKinds(context: MediaContext): Record<string, JobKind> {
  return {
    [DEMO_VIDEO_JOB]: {
      run: (job) => processDemoVideo(context, job.payload as unknown as DemoVideoPayload),
      onFailed: (job, error) => markVideoFailed(context.db, job, error),
    },
    [UPLOADED_VIDEO_JOB]: {
      run: (job, report) => processUploadedVideo(context, job, report),
      onFailed: (job, error) => markUploadFailed(context.db, job, error),
    },
    [UPLOADED_IMAGE_JOB]: {
      run: (job, report) => processUploadedImage(context, job, report),
      onFailed: (job, error) => markUploadFailed(context.db, job, error),
    },
  };
}

/**
 * The spec's optimized naming (001 §4): keys contain `/optimized-` and the poster is the master's
 * key with its extension swapped for `-thumbnail.jpg`, so the client derives it from the URL alone.
 */
export function optimizedVideoKeys(productId: string, contentHash: string) {
  const base = `products/${productId}/optimized-${contentHash}`;
  return {
    rendition: (height: number, width: number) => `${base}-${Math.min(height, width)}.mp4`,
    poster: `${base}-${MASTER_RENDITION.width}-thumbnail.jpg`,
  };
}

/** Encodes (or reuses from the cache), uploads, and switches the row from its stand-in image to the video. */
export async function processDemoVideo(context: MediaContext, payload: DemoVideoPayload): Promise<void> {
  const ffmpeg = await findFfmpeg(context.ffmpegPath);
  if (!ffmpeg) throw new Error(FFMPEG_MISSING_MESSAGE);
  const video = await renderDemoVideo(ffmpeg, context.cache, payload.spec, { threads: context.threads });
  const master = video.renditions[0]!;
  const keys = optimizedVideoKeys(payload.productId, await fileHash(master.file));
  const { storage } = context;
  const uploaded = await Promise.all(
    video.renditions.map(async (rendition) => {
      const key = keys.rendition(rendition.height, rendition.width);
      await storage.putFile(PRODUCT_MEDIA_BUCKET, key, rendition.file, { contentType: "video/mp4" });
      const info = await storage.head(PRODUCT_MEDIA_BUCKET, key);
      return { ...rendition, url: storage.publicUrl(PRODUCT_MEDIA_BUCKET, key), bytes: info?.size ?? 0 };
    }),
  );
  await storage.putFile(PRODUCT_MEDIA_BUCKET, keys.poster, video.poster, { contentType: "image/jpeg" });
  const masterUrl = uploaded[0]!.url;

  await context.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("product_media")
      .set({ url: masterUrl, thumbnail_url: storage.publicUrl(PRODUCT_MEDIA_BUCKET, keys.poster), duration: video.durationSeconds, status: "ready" })
      .where("id", "=", payload.mediaId)
      .returning("id")
      .executeTakeFirst();
    if (!updated) return; // the media (or its product) was deleted meanwhile
    await trx.deleteFrom("media_renditions").where("media_id", "=", payload.mediaId).execute();
    await trx
      .insertInto("media_renditions")
      .values(uploaded.map(({ width, height, url, bytes }) => ({ media_id: payload.mediaId, width, height, url, bytes })))
      .execute();
    if (payload.isMain) {
      await trx.updateTable("products").set({ video_url: masterUrl, updated_at: new Date() }).where("id", "=", payload.productId).execute();
    }
  });
}

async function markVideoFailed(db: Kysely<DB>, job: MediaJob, error: Error): Promise<void> {
  const { mediaId } = job.payload as unknown as DemoVideoPayload;
  await db
    .updateTable("product_media")
    .set({ status: "failed", metadata: JSON.stringify({ error: error.message.slice(0, 500) }) })
    .where("id", "=", mediaId)
    .execute();
}

async function fileHash(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex").slice(0, 16);
}

/** The in-process workers the server (and `npm run worker`) runs: MEDIA_WORKERS loops on the queue. */
/** The workers; with the server's metrics each attempt's duration is recorded (the worker command has none). */
export function startMediaWorkers(deps: Pick<AppDeps, "config" | "database" | "storage" | "logger"> & Partial<Pick<AppDeps, "metrics">>): Workers {
  const context = createMediaContext(deps);
  return startWorkers(deps.database, mediaJobKinds(context), deps.logger, deps.config.mediaWorkers, {
    staleLockSeconds: context.staleLockSeconds,
    onAttemptFinished: deps.metrics ? (kind, outcome, seconds) => deps.metrics?.recordMediaJob(kind, outcome, seconds) : undefined,
  });
}
