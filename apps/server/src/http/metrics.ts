import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { sql } from "kysely";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { Database } from "../db/database.ts";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./viewer.ts";

// Prometheus metrics (docs/operations.md, decision 170). Each server has its own registry, so
// several servers in one process (the tests) never register a metric twice. Requests are labelled
// by the route's pattern (/api/products/:id), never the raw path, so the series stay bounded.

/** The label of requests the fast lane answered from the public cache (decision 111): their route is not matched. */
export const PUBLIC_CACHE_ROUTE = "(public cache)";

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

export type MediaJobOutcome = "done" | "retry" | "failed";

export interface Metrics {
  registry: Registry;
  /** Counts one answered request and its latency (seconds). */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  /** One media job attempt, from claim to its outcome. */
  recordMediaJob(kind: string, outcome: MediaJobOutcome, seconds: number): void;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const errors = new Counter({
    name: "http_request_errors_total",
    help: "HTTP requests answered with a server error (status 5xx), by method and route pattern",
    labelNames: ["method", "route"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request reaching the server to its answer's headers, by method and route pattern",
    labelNames: ["method", "route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "media_job_duration_seconds",
    help: "Media job attempts run by this process, by kind and outcome (done, retry, failed)",
    labelNames: ["kind", "outcome"],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const { pool } = database;
  new Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by state: open (total), idle, and requests waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "open" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "db_pool_max_connections",
    help: "The database pool's size (DATABASE_POOL_SIZE on PostgreSQL)",
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: "media_jobs",
    help: "Media jobs in the queue table by status (queued is the queue depth)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      this.reset();
      // swallowed: with the database down the other metrics still answer; /api/ready names the failure.
      const rows = await sql<{ status: string; count: number }>`select status, count(*)::int as count from media_jobs group by status`.execute(database.db).catch(() => null);
      if (!rows) return;
      // Always present, so an alert on the depth sees 0 rather than no series.
      for (const status of ["queued", "running"]) this.set({ status }, 0);
      for (const row of rows.rows) this.set({ status: row.status }, row.count);
    },
  });
  return {
    registry,
    recordRequest(method, route, status, seconds) {
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ method, route });
    },
    recordMediaJob(kind, outcome, seconds) {
      jobDuration.observe({ kind, outcome }, seconds);
    },
  };
}

/** Times every request the app answers and labels it with the pattern of the route that answered. */
export function metricsMiddleware(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    // After next() the route index points at the handler that answered (the route, or a middleware
    // that answered first); errors are already answers here, turned into responses by onError.
    await next();
    metrics.recordRequest(c.req.method, routePath(c), c.res.status, (performance.now() - started) / 1000);
  };
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /metrics in the Prometheus text format. With METRICS_TOKEN it needs `Authorization: Bearer
 * <token>`; without it only a loopback client may read it (decision 170).
 */
export function metricsHandler(metrics: Metrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (c: Context<AppEnv>) => {
    if (expected) {
      const given = Buffer.from(c.req.header("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.json(errorBody(ERROR_CODES.unauthenticated, "Metrics need Authorization: Bearer <METRICS_TOKEN>"), 401);
      }
    } else if (!LOOPBACK.has(c.get("clientIp") ?? "")) {
      return c.json(errorBody(ERROR_CODES.forbidden, "Metrics are served to loopback clients only unless METRICS_TOKEN is set"), 403);
    }
    c.header("Content-Type", metrics.registry.contentType);
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.registry.metrics());
  };
}
