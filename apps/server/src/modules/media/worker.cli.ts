import type { CliContext } from "../../cli-context.ts";
import { createMetrics } from "../../http/metrics.ts";
import { createStorage } from "../../storage/create-storage.ts";
import { startMediaWorkers } from "./media-jobs.ts";
import { startWorkerMetrics } from "./worker-metrics.ts";

/** `npm run worker`: processes media jobs until SIGINT/SIGTERM, then lets running jobs finish. */
export async function workerCommand(_args: string[], { config, logger, database }: CliContext): Promise<number> {
  if (config.mediaWorkers === 0) {
    console.error("MEDIA_WORKERS=0: nothing to run (set it to the number of parallel encodes)");
    return 1;
  }
  const storage = createStorage(config);
  const metrics = createMetrics(database);
  const metricsServer = config.workerMetricsPort === undefined ? null : await startWorkerMetrics(config, metrics, config.workerMetricsPort, logger);
  if (metricsServer) logger.info({ port: metricsServer.port }, "worker metrics at /metrics");
  const workers = startMediaWorkers({ config, logger, database, storage, metrics });
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  logger.info("stopping media workers after their current jobs");
  await workers.stop();
  await metricsServer?.close();
  return 0;
}
