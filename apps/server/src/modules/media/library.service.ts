import type { LibraryItem, MediaJobState, MediaLibraryPage, MediaLibraryQuery, MediaUpdateBody, Submission } from "@reelmart/core/api/media";
import { type Kysely, sql } from "kysely";
import type { DB, ProcessedVideo, SubmissionStatus } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { badCursor, badRequest, conflict, notFound } from "../../shared/errors.ts";
import { type Storage, deleteLeftover } from "../../storage/storage.ts";
import { recordAudit } from "../admin/audit.ts";
import { afterKeyset, decodeCursor, keysetMicros, nextCursor } from "../catalog/catalog.cursor.ts";
import { applyProcessedVideoIn } from "./upload-jobs.ts";
import { MEDIA_JOBS_CHANNEL } from "./queue.ts";

const BUCKET = "product-media";

type JobRow = { id: string; status: MediaJobState["status"]; stage: string | null; progress: number; attempts: number; last_error: string | null };

const toJob = (job: JobRow | undefined): MediaJobState | null =>
  job ? { id: job.id, status: job.status, stage: job.stage, progress: job.progress, attempts: job.attempts, error: job.last_error } : null;

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/** The latest job of each media row (a retried row has several). */
async function latestJobs(db: Kysely<DB>, column: "media_id" | "submission_id", ids: string[]): Promise<Map<string, JobRow>> {
  const jobs = new Map<string, JobRow>();
  if (!ids.length) return jobs;
  const rows = await db
    .selectFrom("media_jobs")
    .select(["id", "status", "stage", "progress", "attempts", "last_error", "media_id", "submission_id", "created_at"])
    .where(column, "in", ids)
    .orderBy("created_at", "desc")
    .execute();
  for (const row of rows) {
    const key = row[column]!;
    if (!jobs.has(key)) jobs.set(key, row);
  }
  return jobs;
}

/** The spec's media list (newest first) with the admin's filters, one keyset page at a time. */
export async function listLibrary(db: Kysely<DB>, query: MediaLibraryQuery & { limit: number }): Promise<MediaLibraryPage> {
  let select = db
    .selectFrom("product_media as m")
    .innerJoin("products as p", "p.id", "m.product_id")
    .select([
      "m.id",
      "m.product_id",
      "p.title as product_title",
      "m.type",
      "m.category",
      "m.title",
      "m.url",
      "m.thumbnail_url",
      "m.captions_url",
      "m.status",
      "m.is_main",
      "m.is_cover",
      "m.duration",
      "m.metadata",
      "m.created_at",
      keysetMicros("m"),
    ]);
  if (query.productId) select = select.where("m.product_id", "=", query.productId);
  if (query.type) select = select.where("m.type", "=", query.type);
  if (query.category) select = select.where("m.category", "=", query.category);
  if (query.status) select = select.where("m.status", "=", query.status);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    if (!after) throw badCursor();
    select = select.where(afterKeyset("m", after));
  }
  const rows = await select.orderBy("m.created_at", "desc").orderBy("m.id", "desc").limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  const [jobs, renditions] = await Promise.all([
    latestJobs(db, "media_id", ids),
    ids.length ? db.selectFrom("media_renditions").selectAll().where("media_id", "in", ids).orderBy("height", "desc").execute() : Promise.resolve([]),
  ]);
  const items = page.map((row): LibraryItem => {
    const metadata = (row.metadata ?? {}) as { width?: number; height?: number; error?: string };
    return {
      id: row.id,
      productId: row.product_id,
      productTitle: row.product_title,
      type: row.type as LibraryItem["type"],
      category: row.category as LibraryItem["category"],
      title: row.title,
      url: row.url,
      thumbnailUrl: row.thumbnail_url,
      captionsUrl: row.captions_url,
      status: row.status,
      isMain: row.is_main,
      isCover: row.is_cover,
      duration: row.duration === null ? null : Number(row.duration),
      width: typeof metadata.width === "number" ? metadata.width : null,
      height: typeof metadata.height === "number" ? metadata.height : null,
      renditions: renditions.filter((r) => r.media_id === row.id).map((r) => ({ width: r.width, height: r.height, url: r.url, bytes: Number(r.bytes) })),
      error: row.status === "failed" ? (metadata.error ?? jobs.get(row.id)?.last_error ?? "Processing failed") : null,
      job: toJob(jobs.get(row.id)),
      createdAt: iso(row.created_at),
    };
  });
  return { items, nextCursor: nextCursor(rows, query.limit) };
}

/** The admin making a change, for the audit log. */
type Actor = { userId: string; email: string };

/** Attach to another product, make it the main video or the cover image (title and category: PATCH /admin/media/{id}). */
export async function updateLibraryMedia(db: Kysely<DB>, actor: Actor, mediaId: string, body: MediaUpdateBody): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const media = await trx.selectFrom("product_media").select(["id", "product_id", "type", "url", "status", "is_main"]).where("id", "=", mediaId).forUpdate().executeTakeFirst();
    if (!media) throw notFound(`Media with ID ${mediaId} not found`);
    let productId = media.product_id;
    if (body.productId && body.productId !== media.product_id) {
      const product = await trx.selectFrom("products").select("id").where("id", "=", body.productId).executeTakeFirst();
      if (!product) throw notFound(`Product with ID ${body.productId} not found`);
      // The old product must not keep pointing at a video that left it.
      await trx.updateTable("products").set({ video_url: null, updated_at: new Date() }).where("id", "=", media.product_id).where("video_url", "=", media.url).execute();
      await trx.updateTable("product_media").set({ product_id: body.productId, is_main: false, is_cover: false }).where("id", "=", mediaId).execute();
      productId = body.productId;
    }
    if (body.isMain) {
      if (media.type !== "video") throw badRequest("Only a video can be the main video", "isMain");
      await trx.updateTable("product_media").set({ is_main: false }).where("product_id", "=", productId).where("is_main", "=", true).execute();
      await trx.updateTable("product_media").set({ is_main: true }).where("id", "=", mediaId).execute();
      if (media.status === "ready") await trx.updateTable("products").set({ video_url: media.url, updated_at: new Date() }).where("id", "=", productId).execute();
    }
    if (body.isCover) {
      if (media.type !== "image") throw badRequest("Only an image can be the cover", "isCover");
      if (media.status !== "ready") throw conflict("The image is still processing", "isCover");
      await trx.updateTable("product_media").set({ is_cover: false }).where("product_id", "=", productId).where("is_cover", "=", true).execute();
      // The product's picture follows (migration 0207's trigger).
      await trx.updateTable("product_media").set({ is_cover: true }).where("id", "=", mediaId).execute();
    }
    await recordAudit(trx, { actor, action: "updated", entity: "media", entityId: mediaId, summary: { from: media.product_id, ...body } });
  });
}

/** A failed media row goes back to 'processing' and its last job gets a fresh set of attempts. */
export async function retryMedia(db: Kysely<DB>, mediaId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const media = await trx.selectFrom("product_media").select(["status"]).where("id", "=", mediaId).executeTakeFirst();
    if (!media) throw notFound(`Media with ID ${mediaId} not found`);
    const job = await trx.selectFrom("media_jobs").select(["id", "status"]).where("media_id", "=", mediaId).orderBy("created_at", "desc").executeTakeFirst();
    if (media.status !== "failed" || !job || job.status !== "failed") throw conflict("Only a failed upload can be retried");
    await trx
      .updateTable("media_jobs")
      // Before background work queued for now (as a fresh upload is): the admin is waiting for it.
      .set({ status: "queued", attempts: 0, last_error: null, run_after: new Date(Date.now() - 24 * 3600 * 1000), locked_at: null, stage: "queued", progress: 0, updated_at: new Date() })
      .where("id", "=", job.id)
      .execute();
    await trx.updateTable("product_media").set({ status: "processing", metadata: sql<string>`metadata - 'error'` }).where("id", "=", mediaId).execute();
    await sql`select pg_notify(${MEDIA_JOBS_CHANNEL}, ${job.id})`.execute(trx);
  });
}

/** Stores a WebVTT file beside the video and points the row at it (WCAG 1.2.2 captions). */
export async function setCaptions(deps: { db: Kysely<DB>; storage: Storage; logger: Logger }, mediaId: string, vtt: Buffer): Promise<string> {
  const media = await deps.db.selectFrom("product_media").select(["product_id", "type", "captions_url"]).where("id", "=", mediaId).executeTakeFirst();
  if (!media) throw notFound(`Media with ID ${mediaId} not found`);
  if (media.type !== "video") throw badRequest("Captions belong to videos", "captions");
  const text = vtt.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^WEBVTT(?:[ \t][^\n]*)?\r?\n/.test(text + "\n")) throw new CaptionsError();
  const { createHash } = await import("node:crypto");
  const key = `products/${media.product_id}/captions-${createHash("sha256").update(vtt).digest("hex").slice(0, 16)}.vtt`;
  await deps.storage.put(BUCKET, key, Buffer.from(text, "utf8"), { contentType: "text/vtt; charset=utf-8" });
  const url = deps.storage.publicUrl(BUCKET, key);
  await deps.db.updateTable("product_media").set({ captions_url: url }).where("id", "=", mediaId).execute();
  if (media.captions_url !== url) await deleteCaptionsFile(deps, media.captions_url);
  return url;
}

/** Removes a replaced or removed captions file; a file that will not go costs space, not correctness. */
async function deleteCaptionsFile(deps: { storage: Storage; logger: Logger }, url: string | null): Promise<void> {
  const prefix = deps.storage.publicUrl(BUCKET, "");
  if (url?.startsWith(prefix)) await deleteLeftover(deps.storage, BUCKET, url.slice(prefix.length), deps.logger);
}

/** Not a WebVTT file: the route answers 415. */
export class CaptionsError extends Error {
  constructor() {
    super("Captions must be a WebVTT file (it starts with WEBVTT)");
  }
}

export async function removeCaptions(deps: { db: Kysely<DB>; storage: Storage; logger: Logger }, mediaId: string): Promise<void> {
  const before = await deps.db.selectFrom("product_media").select("captions_url").where("id", "=", mediaId).executeTakeFirst();
  if (!before) throw notFound(`Media with ID ${mediaId} not found`);
  await deps.db.updateTable("product_media").set({ captions_url: null }).where("id", "=", mediaId).execute();
  await deleteCaptionsFile(deps, before.captions_url);
}

// Submissions ---------------------------------------------------------------------------------

async function toSubmissions(db: Kysely<DB>, storage: Storage, rows: SubmissionRow[]): Promise<Submission[]> {
  const jobs = await latestJobs(db, "submission_id", rows.map((row) => row.id));
  return rows.map((row) => {
    const result = row.result as ProcessedVideo | null;
    const smallest = result?.renditions[result.renditions.length - 1];
    return {
      id: row.id,
      productId: row.product_id,
      productTitle: row.product_title,
      userName: row.user_name,
      title: row.title,
      status: row.status,
      reason: row.reason,
      posterUrl: result && row.status !== "rejected" ? storage.publicUrl(BUCKET, result.posterKey) : null,
      previewUrl: smallest && row.status !== "rejected" ? storage.publicUrl(BUCKET, smallest.key) : null,
      durationSeconds: result?.durationSeconds ?? null,
      mediaId: row.media_id,
      job: toJob(jobs.get(row.id)),
      createdAt: iso(row.created_at),
    };
  });
}

type SubmissionRow = {
  id: string;
  product_id: string;
  product_title: string;
  user_name: string;
  title: string | null;
  status: SubmissionStatus;
  reason: string | null;
  result: unknown;
  media_id: string | null;
  created_at: unknown;
};

function submissionQuery(db: Kysely<DB>) {
  return db
    .selectFrom("media_submissions as s")
    .innerJoin("products as p", "p.id", "s.product_id")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select(["s.id", "s.product_id", "p.title as product_title", "u.name as user_name", "s.title", "s.status", "s.reason", "s.result", "s.media_id", "s.created_at"]);
}

/** The moderation queue (or any status), oldest waiting first so nobody waits forever. */
export async function listSubmissions(db: Kysely<DB>, storage: Storage, status?: SubmissionStatus): Promise<Submission[]> {
  let query = submissionQuery(db);
  query = status ? query.where("s.status", "=", status).orderBy("s.created_at", status === "pending" ? "asc" : "desc") : query.orderBy("s.created_at", "desc");
  return toSubmissions(db, storage, (await query.limit(200).execute()) as SubmissionRow[]);
}

/** A shopper's own submissions, newest first. */
export async function listMySubmissions(db: Kysely<DB>, storage: Storage, userId: string): Promise<Submission[]> {
  const rows = await submissionQuery(db).where("s.user_id", "=", userId).orderBy("s.created_at", "desc").limit(100).execute();
  return toSubmissions(db, storage, rows as SubmissionRow[]);
}

/** An approved submission becomes a ready UGC video of its product, in one transaction. */
export async function approveSubmission(db: Kysely<DB>, storage: Storage, actor: Actor, submissionId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const submission = await trx.selectFrom("media_submissions").selectAll().where("id", "=", submissionId).forUpdate().executeTakeFirst();
    if (!submission) throw notFound(`Submission with ID ${submissionId} not found`);
    if (submission.status !== "pending" || !submission.result) throw conflict(`Only a submission waiting for review can be approved (this one is ${submission.status})`);
    const order = await trx
      .selectFrom("product_media")
      .select(sql<number>`coalesce(max(display_order), -1) + 1`.as("next"))
      .where("product_id", "=", submission.product_id)
      .executeTakeFirstOrThrow();
    const media = await trx
      .insertInto("product_media")
      .values({
        product_id: submission.product_id,
        url: "",
        type: "video",
        category: "ugc",
        title: submission.title,
        display_order: Number(order.next),
        status: "processing",
        source_type: "storage",
        metadata: JSON.stringify({ submissionId }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await applyProcessedVideoIn(trx, storage, media.id, submission.result);
    await trx.updateTable("media_submissions").set({ status: "approved", media_id: media.id, reason: null, updated_at: new Date() }).where("id", "=", submissionId).execute();
    await recordAudit(trx, { actor, action: "approved", entity: "submission", entityId: submissionId, summary: { productId: submission.product_id, mediaId: media.id } });
    return media.id;
  });
}

/** A rejected submission keeps its reason for the shopper; its files are removed. */
export async function rejectSubmission(deps: { db: Kysely<DB>; storage: Storage; logger: Logger }, actor: Actor, submissionId: string, reason: string): Promise<void> {
  const { db, storage } = deps;
  const submission = await db.selectFrom("media_submissions").select(["status", "result", "media_id"]).where("id", "=", submissionId).executeTakeFirst();
  if (!submission) throw notFound(`Submission with ID ${submissionId} not found`);
  if (submission.status !== "pending") throw conflict(`Only a submission waiting for review can be rejected (this one is ${submission.status})`);
  const updated = await db
    .updateTable("media_submissions")
    .set({ status: "rejected", reason, updated_at: new Date() })
    .where("id", "=", submissionId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!updated.numUpdatedRows) throw conflict("The submission changed meanwhile");
  await recordAudit(db, { actor, action: "rejected", entity: "submission", entityId: submissionId, summary: { reason } });
  const result = submission.result as ProcessedVideo | null;
  if (result) {
    const keys = [result.posterKey, ...result.renditions.flatMap((rendition) => [rendition.key, rendition.key.replace(/\.mp4$/, "-thumbnail.jpg")])];
    await Promise.all([...new Set(keys)].map((key) => deleteLeftover(storage, BUCKET, key, deps.logger)));
  }
}
