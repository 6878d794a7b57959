import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";

/** Workers wake on this channel when a job is queued, instead of waiting for the next poll. */
export const MEDIA_JOBS_CHANNEL = "media_jobs";
/** Progress of running jobs (ids, stage, percent) for the admin screen, across instances. */
export const MEDIA_PROGRESS_CHANNEL = "media_progress";
export const MAX_ATTEMPTS = 3;
/**
 * A running job's worker refreshes locked_at every HEARTBEAT_MS; one whose lock is older than the
 * stale time (its worker crashed or was killed with -9) is taken over by another worker.
 */
export const DEFAULT_STALE_LOCK_SECONDS = 60;
const HEARTBEAT_MS = 10_000;
const IDLE_POLL_MS = 2000;

export interface QueueOptions {
  staleLockSeconds?: number;
  /** Told each attempt's outcome and how long it ran (the server's media_job_duration_seconds). */
  onAttemptFinished?: (kind: string, outcome: "done" | "retry" | "failed", seconds: number) => void;
}

export interface MediaJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  media_id?: string | null;
  submission_id?: string | null;
}

/** Lets a handler publish how far it is: stage names and 0..100. */
export type ProgressReporter = (stage: string, percent: number) => void;

/** A failure that another attempt cannot fix (the file does not decode): no retries. */
export class PermanentJobError extends Error {}

/**
 * A failure that is not the job's doing (its storage is away): the job waits and runs again,
 * without spending one of its attempts, however long the outage lasts.
 */
export class JobMustWaitError extends Error {}

/** The job's worker stopped (crashed, killed, paused) during its last attempt. */
export class AbandonedJobError extends Error {}

/** This attempt's claim was taken over by another worker (its lock went stale): its result is not wanted. */
class SupersededJobError extends Error {}

/** Storage-away waits: 5 s, doubling, at most 5 minutes apart. */
const WAIT_FIRST_MS = 5000;
const WAIT_MAX_MS = 300_000;
/** The payload key counting a job's storage-away waits, for their backoff (the queue's, not the handler's). */
const WAITS_KEY = "_storageWaits";

export type JobHandler = (job: MediaJob, report: ProgressReporter) => Promise<void>;
/** Called once a job has used its last attempt, so the handler's rows can be marked failed. */
export type JobFailedHandler = (job: MediaJob, error: Error) => Promise<void>;
export interface JobKind {
  run: JobHandler;
  onFailed?: JobFailedHandler;
}

/** Queues a job; jobs run in run_after order (default now), which callers use to set priorities. */
export async function enqueueJob(
  db: Kysely<DB>,
  kind: string,
  payload: Record<string, unknown>,
  runAfter?: Date,
  subject: { mediaId?: string; submissionId?: string } = {},
): Promise<string> {
  const row = await db
    .insertInto("media_jobs")
    .values({ kind, payload: JSON.stringify(payload), run_after: runAfter, media_id: subject.mediaId ?? null, submission_id: subject.submissionId ?? null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${MEDIA_JOBS_CHANNEL}, ${row.id})`.execute(db);
  return row.id;
}

/**
 * Takes the next due job: `for update skip locked` lets any number of workers (threads of this
 * process or other processes on the same PostgreSQL) claim without ever handing one job out twice.
 */
export async function claimJob(db: Kysely<DB>, staleLockSeconds = DEFAULT_STALE_LOCK_SECONDS): Promise<MediaJob | null> {
  const result = await sql<MediaJob>`
    update media_jobs set status = 'running', attempts = attempts + 1, locked_at = now(), updated_at = now(), stage = 'queued', progress = 0
    where id = (
      select id from media_jobs
      where (status = 'queued' and run_after <= now())
         or (status = 'running' and locked_at < now() - make_interval(secs => ${staleLockSeconds}) and attempts < ${MAX_ATTEMPTS})
      order by run_after, created_at
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, media_id, submission_id`.execute(db);
  return result.rows[0] ?? null;
}

/**
 * Jobs abandoned by a dead worker on their last attempt: a file that crashes ffmpeg (or the
 * machine) every time must end as failed, not loop. Returns them so their rows can be marked.
 */
async function failAbandonedJobs(db: Kysely<DB>, staleLockSeconds: number): Promise<MediaJob[]> {
  const result = await sql<MediaJob>`
    update media_jobs set status = 'failed', locked_at = null, updated_at = now(),
      last_error = coalesce(last_error, 'The worker stopped during the last attempt')
    where id in (
      select id from media_jobs
      where status = 'running' and locked_at < now() - make_interval(secs => ${staleLockSeconds}) and attempts >= ${MAX_ATTEMPTS}
      for update skip locked
    )
    returning id, kind, payload, attempts, media_id, submission_id, last_error`.execute(db);
  return result.rows;
}

/**
 * Whether this attempt still holds the job: it is running, and nobody claimed it since (each
 * claim counts an attempt, so the count tells one claim from the next). A worker that was paused
 * past the stale time and then continued no longer does.
 */
const held = (job: MediaJob) => (eb: ExpressionBuilder<DB, "media_jobs">) => eb.and([eb("id", "=", job.id), eb("status", "=", "running"), eb("attempts", "=", job.attempts)]);

/**
 * Runs a handler's final write in a transaction that holds the job's row while this attempt still
 * holds the job: a worker that was taken over then writes nothing, and no other worker can take
 * the job over in between.
 */
export async function whileHoldingJob<T>(db: Kysely<DB>, job: MediaJob, write: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("media_jobs").select("id").where(held(job)).forUpdate().executeTakeFirst();
    if (!row) throw new SupersededJobError("another worker took this job over");
    return write(trx);
  });
}

/** Publishes a running job's stage and percent (and refreshes its lock, as a heartbeat does). */
async function recordProgress(db: Kysely<DB>, job: MediaJob, stage: string, percent: number): Promise<void> {
  const progress = Math.max(0, Math.min(100, Math.round(percent)));
  const updated = await db
    .updateTable("media_jobs")
    .set({ stage, progress, locked_at: new Date(), updated_at: new Date() })
    .where(held(job))
    .executeTakeFirst();
  if (!updated.numUpdatedRows) return;
  const payload = JSON.stringify({ jobId: job.id, mediaId: job.media_id ?? null, submissionId: job.submission_id ?? null, stage, progress, status: "running" });
  await sql`select pg_notify(${MEDIA_PROGRESS_CHANNEL}, ${payload})`.execute(db);
}

/** Stage changes go out at once; percent updates at most once a second per job. */
function progressReporter(db: Kysely<DB>, job: MediaJob, logger: Logger): ProgressReporter {
  let lastStage = "";
  let lastSent = 0;
  return (stage, percent) => {
    const now = Date.now();
    if (stage === lastStage && now - lastSent < 1000) return;
    lastStage = stage;
    lastSent = now;
    recordProgress(db, job, stage, percent).catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, "media job progress not recorded"));
  };
}

async function notifyFinished(db: Kysely<DB>, job: MediaJob, status: "done" | "failed" | "queued", error?: string): Promise<void> {
  const payload = JSON.stringify({ jobId: job.id, mediaId: job.media_id ?? null, submissionId: job.submission_id ?? null, stage: status, progress: status === "done" ? 100 : 0, status, error: error?.slice(0, 300) });
  await sql`select pg_notify(${MEDIA_PROGRESS_CHANNEL}, ${payload})`.execute(db);
}

/** Marks the job done; false when this attempt no longer held it (another worker took it over). */
async function completeJob(db: Kysely<DB>, job: MediaJob): Promise<boolean> {
  const updated = await db
    .updateTable("media_jobs")
    .set({ status: "done", locked_at: null, last_error: null, stage: "done", progress: 100, updated_at: new Date() })
    .where(held(job))
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * Requeues with exponential backoff (5 s, 20 s, ...) or, after MAX_ATTEMPTS, marks the job failed;
 * "superseded" when this attempt no longer held the job, which is then left as it is.
 */
async function failJob(db: Kysely<DB>, job: MediaJob, error: string, permanent: boolean): Promise<"retry" | "failed" | "superseded"> {
  const final = permanent || job.attempts >= MAX_ATTEMPTS;
  const updated = await db
    .updateTable("media_jobs")
    .set({
      status: final ? "failed" : "queued",
      last_error: error.slice(0, 4000),
      locked_at: null,
      run_after: new Date(Date.now() + 5000 * 4 ** (job.attempts - 1)),
      updated_at: new Date(),
    })
    .where(held(job))
    .executeTakeFirst();
  if (!updated.numUpdatedRows) return "superseded";
  return final ? "failed" : "retry";
}

/**
 * Puts the job back to wait out an outage: the attempt is given back, and the waits so far set
 * the backoff. Returns how long it waits, or null when this attempt no longer held the job.
 */
async function postponeJob(db: Kysely<DB>, job: MediaJob, error: string): Promise<number | null> {
  const waits = Number(job.payload[WAITS_KEY] ?? 0);
  const delayMs = Math.min(WAIT_MAX_MS, WAIT_FIRST_MS * 2 ** waits);
  const updated = await db
    .updateTable("media_jobs")
    .set({
      status: "queued",
      attempts: job.attempts - 1,
      last_error: error.slice(0, 4000),
      locked_at: null,
      stage: "waiting for storage",
      progress: 0,
      run_after: new Date(Date.now() + delayMs),
      payload: sql<string>`payload || ${JSON.stringify({ [WAITS_KEY]: waits + 1 })}::jsonb`,
      updated_at: new Date(),
    })
    .where(held(job))
    .executeTakeFirst();
  return updated.numUpdatedRows ? delayMs : null;
}

/** Claims and runs one job; false when nothing was due. */
export async function runNextJob(db: Kysely<DB>, kinds: Record<string, JobKind>, logger: Logger, options: QueueOptions = {}): Promise<boolean> {
  const staleLockSeconds = options.staleLockSeconds ?? DEFAULT_STALE_LOCK_SECONDS;
  for (const abandoned of await failAbandonedJobs(db, staleLockSeconds)) {
    const message = (abandoned as MediaJob & { last_error?: string }).last_error ?? "The worker stopped during the last attempt";
    logger.error({ jobId: abandoned.id, kind: abandoned.kind }, "media job abandoned on its last attempt");
    await kinds[abandoned.kind]?.onFailed?.(abandoned, new AbandonedJobError(message)).catch((error: unknown) => logger.error({ jobId: abandoned.id, err: error }, "media job failure handler threw"));
    await notifyFinished(db, abandoned, "failed", message);
  }
  const job = await claimJob(db, staleLockSeconds);
  if (!job) return false;
  const kind = kinds[job.kind];
  const started = Date.now();
  const heartbeat = setInterval(() => {
    db.updateTable("media_jobs")
      .set({ locked_at: new Date() })
      .where(held(job))
      .execute()
      .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, "media job heartbeat not recorded"));
  }, Math.min(HEARTBEAT_MS, (staleLockSeconds * 1000) / 3));
  try {
    if (!kind) throw new Error(`no handler for media job kind "${job.kind}"`);
    await kind.run(job, progressReporter(db, job, logger));
    clearInterval(heartbeat);
    if (!(await completeJob(db, job))) throw new SupersededJobError("another worker took this job over");
    await notifyFinished(db, job, "done");
    logger.info({ jobId: job.id, kind: job.kind, ms: Date.now() - started }, "media job done");
    options.onAttemptFinished?.(job.kind, "done", (Date.now() - started) / 1000);
  } catch (thrown) {
    clearInterval(heartbeat);
    await settleFailedAttempt(db, job, kind, thrown, logger, (outcome) => options.onAttemptFinished?.(job.kind, outcome, (Date.now() - started) / 1000));
  }
  return true;
}

/** Records an attempt that threw: it waits out an outage, is retried, fails for good, or was taken over. */
async function settleFailedAttempt(
  db: Kysely<DB>,
  job: MediaJob,
  kind: JobKind | undefined,
  thrown: unknown,
  logger: Logger,
  recordOutcome: (outcome: "retry" | "failed") => void,
): Promise<void> {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  const context = { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error.message };
  // A worker paused (or cut off) past the stale time finds its job claimed again: it leaves the
  // row to the worker that holds it now, whatever it was about to record.
  const dropped = () => logger.warn(context, "media job taken over by another worker while this one was stopped; this attempt's result is dropped");
  if (error instanceof SupersededJobError) return dropped();
  if (error instanceof JobMustWaitError) {
    const waitMs = await postponeJob(db, job, error.message);
    if (waitMs === null) return dropped();
    recordOutcome("retry");
    await notifyFinished(db, job, "queued", error.message);
    logger.warn({ ...context, attempts: job.attempts - 1, retryInSeconds: waitMs / 1000 }, "media job waiting for storage; the attempt is not counted");
    return;
  }
  const outcome = await failJob(db, job, error.message, error instanceof PermanentJobError);
  if (outcome === "superseded") return dropped();
  recordOutcome(outcome);
  await notifyFinished(db, job, outcome === "failed" ? "failed" : "queued", error.message);
  if (outcome === "failed") {
    logger.error(context, "media job failed for good");
    await kind?.onFailed?.(job, error).catch((cleanupError: unknown) => logger.error({ jobId: job.id, err: cleanupError }, "media job failure handler threw"));
  } else {
    logger.warn(context, "media job failed; will retry");
  }
}

/** Runs due jobs with `concurrency` loops until none is due (npm run seed, tests). */
export async function drainJobs(db: Kysely<DB>, kinds: Record<string, JobKind>, logger: Logger, concurrency = 1, options: QueueOptions = {}): Promise<void> {
  const loop = async () => {
    while (await runNextJob(db, kinds, logger, options));
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, loop));
}

export interface Workers {
  /** Resolves once the workers LISTEN for new jobs (until then they find them by polling). */
  ready: Promise<void>;
  /** Lets running jobs finish, then resolves. */
  stop(): Promise<void>;
}

/**
 * `count` in-process worker loops: each claims a job, runs it, and when the queue is empty sleeps
 * until the next poll or a pg_notify on MEDIA_JOBS_CHANNEL.
 */
export function startWorkers(database: Database, kinds: Record<string, JobKind>, logger: Logger, count: number, options: QueueOptions = {}): Workers {
  let stopping = false;
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of sleepers) wake();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve(); // stop() came while this loop was claiming
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, IDLE_POLL_MS);
      sleepers.add(done);
    });
  const noop = async () => {};
  // With no loops (MEDIA_WORKERS=0, jobs left to `npm run worker`) there is nothing to wake.
  const unlisten =
    count > 0
      ? database.listen(MEDIA_JOBS_CHANNEL, wakeAll, wakeAll).catch((error: unknown) => {
          logger.warn({ err: error }, "media workers cannot LISTEN; polling only");
          return noop;
        })
      : Promise.resolve(noop);

  const loop = async (index: number) => {
    while (!stopping) {
      try {
        if (!(await runNextJob(database.db, kinds, logger, options))) await idle();
      } catch (error) {
        // The database went away or a query failed: back off and try again.
        logger.error({ err: error, worker: index }, "media worker error");
        await idle();
      }
    }
  };
  const loops = Array.from({ length: count }, (_, index) => loop(index));
  if (count > 0) logger.info({ workers: count }, "media workers started");
  return {
    ready: unlisten.then(() => {}),
    async stop() {
      stopping = true;
      wakeAll();
      await Promise.all(loops);
      await (await unlisten)();
    },
  };
}
