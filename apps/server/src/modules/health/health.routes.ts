import { randomUUID } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import { HealthSchema, READINESS_CHECKS, type Readiness, ReadinessSchema } from "@reelmart/core/api/health";
import { sql } from "kysely";
import type { AppDeps, RegisterRoutes } from "../../context.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness and database check",
  responses: { 200: { description: "The server and its database answer", content: { "application/json": { schema: HealthSchema } } } },
});

const readyRoute = createRoute({
  method: "get",
  path: "/ready",
  tags: ["system"],
  summary: "Readiness: database, storage and media job queue",
  description:
    "For load balancers and orchestrators: 200 when this instance can serve (the database answers, a probe object can be written to and removed from storage, the media_jobs queue table can be read); 503 naming the failing checks otherwise (docs/operations.md).",
  responses: {
    200: { description: "Every check passed", content: { "application/json": { schema: ReadinessSchema } } },
    503: { description: "At least one check failed; `failing` names them", content: { "application/json": { schema: ReadinessSchema } } },
  },
});

/** A check that has not answered by then counts as failing, so a hung dependency cannot hang the probe. */
const CHECK_TIMEOUT_MS = 5000;

type CheckName = (typeof READINESS_CHECKS)[number];

function readinessChecks({ database, storage }: AppDeps): Record<CheckName, () => Promise<unknown>> {
  return {
    database: () => sql`select 1`.execute(database.db),
    // A write and a delete in the never-served uploads bucket: reading alone would pass on a full or read-only store.
    storage: async () => {
      const key = `readiness/${randomUUID()}`;
      await storage.put("uploads", key, Buffer.from("ok"), { contentType: "text/plain" });
      await storage.delete("uploads", key);
    },
    queue: () => sql`select 1 from media_jobs limit 1`.execute(database.db),
  };
}

function withinTimeout(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

export const registerHealthRoutes: RegisterRoutes = (app, deps) => {
  const { database } = deps;
  app.openapi(healthRoute, async (c) => {
    await sql`select 1`.execute(database.db);
    return c.json({ status: "ok" as const, db: database.kind }, 200);
  });

  const checks = readinessChecks(deps);
  app.openapi(readyRoute, async (c) => {
    const outcomes = await Promise.allSettled(READINESS_CHECKS.map((name) => withinTimeout(checks[name])));
    const failing = READINESS_CHECKS.filter((_, index) => outcomes[index]?.status === "rejected");
    outcomes.forEach((outcome, index) => {
      // The reason stays in the log: the probe is public and error messages name paths and hosts.
      if (outcome.status === "rejected") c.var.log.warn({ check: READINESS_CHECKS[index], err: outcome.reason }, "readiness check failed");
    });
    const state = (name: CheckName) => (failing.includes(name) ? ("failing" as const) : ("ok" as const));
    const body: Readiness = {
      status: failing.length ? "not_ready" : "ready",
      checks: { database: state("database"), storage: state("storage"), queue: state("queue") },
      failing,
    };
    c.header("Cache-Control", "no-store");
    return failing.length ? c.json(body, 503) : c.json(body, 200);
  });
};
