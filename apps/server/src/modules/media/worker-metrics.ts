import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { Config } from "../../config.ts";
import { TrustedProxies } from "../../http/client-address.ts";
import { errorBody } from "../../http/errors.ts";
import { type Metrics, metricsHandler } from "../../http/metrics.ts";
import { requestContext } from "../../http/request-context.ts";
import type { AppEnv } from "../../http/viewer.ts";
import type { Logger } from "../../logger.ts";

export interface WorkerMetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `npm run worker`'s own GET /metrics on WORKER_METRICS_PORT (docs/operations.md): the queue depth
 * and the durations of the jobs this worker ran, with the server's rules (METRICS_TOKEN, or
 * loopback clients only). Nothing else is served.
 */
export async function startWorkerMetrics(config: Pick<Config, "host" | "trustedProxies" | "metricsToken">, metrics: Metrics, port: number, logger: Logger): Promise<WorkerMetricsServer> {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext(new TrustedProxies(config.trustedProxies), logger));
  app.get("/metrics", metricsHandler(metrics, config.metricsToken));
  app.notFound((c) => c.json(errorBody(ERROR_CODES.notFound, "The worker serves GET /metrics only"), 404));
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, config.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
