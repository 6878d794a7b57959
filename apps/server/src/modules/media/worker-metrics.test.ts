import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMetrics } from "../../http/metrics.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { startWorkerMetrics } from "./worker-metrics.ts";

describe("npm run worker's /metrics (WORKER_METRICS_PORT)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves the queue depth and this worker's job durations to loopback clients, and nothing else", async () => {
    const metrics = createMetrics(server.deps.database);
    metrics.recordMediaJob("transcode", "done", 12.5);
    const worker = await startWorkerMetrics({ host: "127.0.0.1", trustedProxies: [], metricsToken: undefined }, metrics, 0, server.deps.logger);
    try {
      const response = await fetch(`http://127.0.0.1:${worker.port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('media_jobs{status="queued"} 0');
      expect(text).toContain('media_job_duration_seconds_count{kind="transcode",outcome="done"} 1');
      const other = await fetch(`http://127.0.0.1:${worker.port}/api/health`);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe("not_found");
    } finally {
      await worker.close();
    }
  });

  it("asks for METRICS_TOKEN when it is set", async () => {
    const token = "worker-metrics-token-0123";
    const worker = await startWorkerMetrics({ host: "127.0.0.1", trustedProxies: [], metricsToken: token }, createMetrics(server.deps.database), 0, server.deps.logger);
    try {
      expect((await fetch(`http://127.0.0.1:${worker.port}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${worker.port}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await worker.close();
    }
  });
});
