import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";

/** Workers wake on this channel when a job is queued, instead of waiting for the next poll. */
export const MEDIA_JOBS_CHANNEL = "media_jobs";
export const MAX_ATTEMPTS = 3;
/** A running job whose worker died (crash, kill -9) is taken over after this long. */
const STALE_LOCK_SECONDS = 600;
const IDLE_POLL_MS = 2000;

export interface MediaJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

export type JobHandler = (job: MediaJob) => Promise<void>;
/** Called once a job has used its last attempt, so the handler's rows can be marked failed. */
export type JobFailedHandler = (job: MediaJob, error: string) => Promise<void>;
export interface JobKind {
  run: JobHandler;
  onFailed?: JobFailedHandler;
}

/** Queues a job; jobs run in run_after order (default now), which callers use to set priorities. */
export async function enqueueJob(db: Kysely<DB>, kind: string, payload: Record<string, unknown>, runAfter?: Date): Promise<string> {
  const row = await db
    .insertInto("media_jobs")
    .values({ kind, payload: JSON.stringify(payload), run_after: runAfter })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`select pg_notify(${MEDIA_JOBS_CHANNEL}, ${row.id})`.execute(db);
  return row.id;
}

/**
 * Takes the next due job: `for update skip locked` lets any number of workers (threads of this
 * process or other processes on the same PostgreSQL) claim without ever handing one job out twice.
 */
export async function claimJob(db: Kysely<DB>): Promise<MediaJob | null> {
  const result = await sql<MediaJob>`
    update media_jobs set status = 'running', attempts = attempts + 1, locked_at = now(), updated_at = now()
    where id = (
      select id from media_jobs
      where (status = 'queued' and run_after <= now())
         or (status = 'running' and locked_at < now() - make_interval(secs => ${STALE_LOCK_SECONDS}))
      order by run_after, created_at
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts`.execute(db);
  return result.rows[0] ?? null;
}

export async function completeJob(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("media_jobs").set({ status: "done", locked_at: null, last_error: null, updated_at: new Date() }).where("id", "=", id).execute();
}

/** Requeues with exponential backoff (5 s, 20 s, ...) or, after MAX_ATTEMPTS, marks the job failed. */
export async function failJob(db: Kysely<DB>, job: MediaJob, error: string): Promise<"retry" | "failed"> {
  const final = job.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable("media_jobs")
    .set({
      status: final ? "failed" : "queued",
      last_error: error.slice(0, 4000),
      locked_at: null,
      run_after: new Date(Date.now() + 5000 * 4 ** (job.attempts - 1)),
      updated_at: new Date(),
    })
    .where("id", "=", job.id)
    .execute();
  return final ? "failed" : "retry";
}

/** Claims and runs one job; false when nothing was due. */
export async function runNextJob(db: Kysely<DB>, kinds: Record<string, JobKind>, logger: Logger): Promise<boolean> {
  const job = await claimJob(db);
  if (!job) return false;
  const kind = kinds[job.kind];
  const started = Date.now();
  try {
    if (!kind) throw new Error(`no handler for media job kind "${job.kind}"`);
    await kind.run(job);
    await completeJob(db, job.id);
    logger.info({ jobId: job.id, kind: job.kind, ms: Date.now() - started }, "media job done");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const outcome = await failJob(db, job, message);
    if (outcome === "failed") {
      logger.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, "media job failed for good");
      await kind?.onFailed?.(job, message).catch((cleanupError: unknown) => logger.error({ jobId: job.id, err: cleanupError }, "media job failure handler threw"));
    } else {
      logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err: message }, "media job failed; will retry");
    }
  }
  return true;
}

/** Runs due jobs with `concurrency` loops until none is due (npm run seed, tests). */
export async function drainJobs(db: Kysely<DB>, kinds: Record<string, JobKind>, logger: Logger, concurrency = 1): Promise<void> {
  const loop = async () => {
    while (await runNextJob(db, kinds, logger));
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
export function startWorkers(database: Database, kinds: Record<string, JobKind>, logger: Logger, count: number): Workers {
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
      ? database.listen(MEDIA_JOBS_CHANNEL, wakeAll).catch((error: unknown) => {
          logger.warn({ err: error }, "media workers cannot LISTEN; polling only");
          return noop;
        })
      : Promise.resolve(noop);

  const loop = async (index: number) => {
    while (!stopping) {
      try {
        if (!(await runNextJob(database.db, kinds, logger))) await idle();
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
