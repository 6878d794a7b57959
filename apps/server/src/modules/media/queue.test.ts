import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type JobKind, MAX_ATTEMPTS, drainJobs, enqueueJob, runNextJob, startWorkers } from "./queue.ts";

const logger = createLogger({ logLevel: "silent" });

describe("media job queue", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const db = () => server.deps.database.db;

  it("hands each job to exactly one of several concurrent workers", async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => enqueueJob(db(), "count", { n })));
    const seen: string[] = [];
    const kinds: Record<string, JobKind> = {
      count: {
        async run(job) {
          seen.push(job.id);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      },
    };
    await drainJobs(db(), kinds, logger, 6);
    expect(seen.sort()).toEqual([...ids].sort());
    const statuses = await db().selectFrom("media_jobs").select(["status", sql<number>`count(*)::int`.as("n")]).groupBy("status").execute();
    expect(statuses).toEqual([{ status: "done", n: 30 }]);
  });

  it("retries with backoff and marks the job failed with last_error after 3 attempts", async () => {
    await db().deleteFrom("media_jobs").execute();
    const failures: string[] = [];
    const kinds: Record<string, JobKind> = {
      broken: {
        run: async () => {
          throw new Error("encoder exploded");
        },
        onFailed: async (_job, error) => {
          failures.push(error.message);
        },
      },
    };
    const id = await enqueueJob(db(), "broken", {});
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await runNextJob(db(), kinds, logger)).toBe(true);
      const row = await db().selectFrom("media_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe("encoder exploded");
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe("queued");
        expect(row.run_after.getTime()).toBeGreaterThan(Date.now());
        // Not due yet: nothing to claim until the backoff has passed.
        expect(await runNextJob(db(), kinds, logger)).toBe(false);
        await db().updateTable("media_jobs").set({ run_after: new Date(Date.now() - 1000) }).where("id", "=", id).execute();
      } else {
        expect(row.status).toBe("failed");
      }
    }
    expect(failures).toEqual(["encoder exploded"]);
  });

  it("in-process workers pick up a newly queued job", async () => {
    let resolveRan: (id: string) => void = () => {};
    const ran = new Promise<string>((resolve) => (resolveRan = resolve));
    const workers = startWorkers(server.deps.database, { ping: { run: async (job) => resolveRan(job.id) } }, logger, 2);
    await workers.ready;
    const id = await enqueueJob(db(), "ping", {});
    const started = Date.now();
    expect(await ran).toBe(id);
    // Woken by pg_notify, not by the 2 s poll.
    expect(Date.now() - started).toBeLessThan(1500);
    await workers.stop();
    const row = await db().selectFrom("media_jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("done");
  });
});
