import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { TestServer } from "./test-server.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A separate `npm run worker` process on the test server's PostgreSQL database and data directory,
 * one loop, its job locks stale after 2 s. It runs in a process group of its own, so a signal sent
 * to `-pid` reaches its ffmpeg too, as a machine going down or freezing would.
 */
export async function startWorkerProcess(server: TestServer, options: { logLevel: string; stdout: "pipe" | "ignore" }): Promise<ChildProcess> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.deps.database.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return spawn(process.execPath, ["--import", "tsx", path.join(here, "worker-child.ts")], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: url.toString(), DATA_DIR: server.dataDir, MEDIA_WORKERS: "1", LOG_LEVEL: options.logLevel, MEDIA_JOB_STALE_SECONDS: "2", TEST_DATABASE_URL: "" },
    detached: true,
    stdio: ["ignore", options.stdout, "ignore"],
  });
}

/** Waits (up to a minute) until the job is being encoded, and returns its row. */
export async function jobOnceEncoding(db: Kysely<DB>, jobId: string) {
  const read = () => db.selectFrom("media_jobs").selectAll().where("id", "=", jobId).executeTakeFirstOrThrow();
  let job = await read();
  for (let waited = 0; !(job.status === "running" && job.stage === "encoding") && waited < 60_000; waited += 100) {
    await sleep(100);
    job = await read();
  }
  return job;
}
