import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestScope } from "../../logger.ts";
import { createBrand } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { startMediaWorkers } from "../media/media-jobs.ts";
import { enqueueJob } from "../media/queue.ts";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
const fromLoopback = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
const fromElsewhere = { incoming: { socket: { remoteAddress: "203.0.113.7" } } };

/** The value of one sample line of the Prometheus text format, or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split("\n").find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("operations: readiness, metrics, request ids", () => {
  let server: TestServer;
  const logLines: Record<string, unknown>[] = [];
  // Lines written while an AsyncLocalStorage scope (logger.ts's requestScope) was entered: pino
  // writes to this stream in the logging call itself, so the scope is the one the line came from.
  const writtenInScope = new WeakSet<object>();
  beforeAll(async () => {
    const logTo = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const inScope = requestScope.getStore() !== undefined;
        for (const line of chunk.toString().split("\n").filter(Boolean)) {
          const parsed = JSON.parse(line) as Record<string, unknown>;
          logLines.push(parsed);
          if (inScope) writtenInScope.add(parsed);
        }
        done();
      },
    });
    server = await startTestServer({ METRICS_TOKEN, LOG_LEVEL: "debug" }, { logTo });
  });
  afterAll(() => server.close());

  const metricsText = async () => {
    const response = await server.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it("counts a real request under its route pattern, never its raw path, and times it in the histogram", async () => {
    const missingProduct = randomUUID();
    const counter = 'http_requests_total{method="GET",route="/api/products/:id",status="404"}';
    const before = sample(await metricsText(), counter) ?? 0;
    expect((await server.request(`/api/products/${missingProduct}`)).status).toBe(404);
    const text = await metricsText();
    expect(sample(text, counter)).toBe(before + 1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/products\/:id"\} \d+$/m);
    expect(text).not.toContain(missingProduct);
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("reports the database pool and the media job queue depth", async () => {
    const text = await metricsText();
    expect(sample(text, 'db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "db_pool_max_connections")).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'media_jobs{status="queued"}')).toBe(0);
    expect(text).toContain("# TYPE media_job_duration_seconds histogram");
  });

  it("times the media job attempts this server's workers run, by kind and outcome", async () => {
    const workers = startMediaWorkers(server.deps);
    try {
      // A kind no worker handles fails its first attempt and is queued again for a retry.
      await enqueueJob(server.deps.database.db, "no-such-kind", {});
      await expect.poll(async () => sample(await metricsText(), 'media_job_duration_seconds_count{kind="no-such-kind",outcome="retry"}'), { timeout: 10_000 }).toBe(1);
    } finally {
      await workers.stop();
    }
  });

  it("refuses /metrics without the configured token, or with a wrong one, even from loopback", async () => {
    const none = await server.app.request("/metrics", {}, fromLoopback);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    const wrong = await server.app.request("/metrics", { headers: { authorization: "Bearer not-the-token-at-all-000" } }, fromLoopback);
    expect(wrong.status).toBe(401);
    const right = await server.app.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }, fromElsewhere);
    expect(right.status).toBe(200);
  });

  it("is ready when database, storage and queue answer, and names storage when its directory cannot be written", async () => {
    const ready = await server.json<{ status: string; failing: string[]; checks: Record<string, string> }>("/api/ready");
    expect(ready).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok", storage: "ok", queue: "ok" }, failing: [] } });

    // The local driver's root (DATA_DIR/storage) becomes a plain file: every write under it fails.
    const storageRoot = path.join(server.dataDir, "storage");
    rmSync(storageRoot, { recursive: true, force: true });
    writeFileSync(storageRoot, "not a directory");
    try {
      const notReady = await server.json("/api/ready");
      expect(notReady).toEqual({ status: 503, body: { status: "not_ready", checks: { database: "ok", storage: "failing", queue: "ok" }, failing: ["storage"] } });
    } finally {
      rmSync(storageRoot, { force: true });
      mkdirSync(storageRoot);
    }
    expect((await server.request("/api/ready")).status).toBe(200);
    // Liveness is unaffected by the readiness of the dependencies.
    expect((await server.request("/api/health")).status).toBe(200);
  });

  it("returns a request id header and writes it on every log line about the request, module lines included", async () => {
    const storageRoot = path.join(server.dataDir, "storage");
    rmSync(storageRoot, { recursive: true, force: true });
    writeFileSync(storageRoot, "not a directory");
    let requestId: string | null;
    try {
      const response = await server.request("/api/ready");
      expect(response.status).toBe(503);
      requestId = response.headers.get("x-request-id");
    } finally {
      rmSync(storageRoot, { force: true });
      mkdirSync(storageRoot);
    }
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logLines.filter((line) => line.requestId === requestId);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["readiness check failed", "request"]));
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ method: "GET", path: "/api/ready", status: 503 });
  });

  it("writes the request id on a service's line through the request's logger, with no AsyncLocalStorage entered", async () => {
    // The check above sees a line written inside requestScope.
    requestScope.run({ requestId: "scope-probe" }, () => server.deps.logger.info("scope probe"));
    expect(writtenInScope.has(logLines.find((line) => line.msg === "scope probe")!)).toBe(true);

    // A brand whose logo cannot be removed: a directory stands where its file would be.
    const key = `brands/logo-${randomUUID()}.webp`;
    mkdirSync(path.join(server.dataDir, "storage", "product-media", key, "inside"), { recursive: true });
    const brand = await createBrand(server.deps.database.db, { logo_url: `/media/product-media/${key}` });
    const admin = await signUpUser(server, { admin: true });
    const response = await server.request(`/api/admin/brands/${brand.id}`, { method: "DELETE", headers: admin.headers });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    // removeUnreferencedFiles (modules/admin/stored-files.ts) logs it, handed the route's c.var.log.
    const line = logLines.find((candidate) => candidate.msg === "deleted row's file could not be removed" && candidate.url === `/media/product-media/${key}`);
    expect(line).toMatchObject({ requestId, level: 40 });
    expect(writtenInScope.has(line!)).toBe(false);
  });

  it("lists the readiness check in the OpenAPI document", async () => {
    const { body } = await server.json<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>("/api/openapi.json");
    expect(Object.keys(body.paths["/api/ready"]?.get?.responses ?? {})).toEqual(["200", "503"]);
  });
});

describe("metrics without METRICS_TOKEN (decision 170)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("are served to loopback clients only", async () => {
    expect((await server.app.request("/metrics", {}, fromLoopback)).status).toBe(200);
    const elsewhere = await server.app.request("/metrics", {}, fromElsewhere);
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });
});
