import { type AddressInfo, Server as NetServer } from "node:net";
import { DataDirLockedError } from "./db/database.ts";
import { heapGrowthForDatabase } from "./heap-growth.ts";
import { appListener, createAppServer } from "./http/app-listener.ts";
import { withFastLane } from "./fast-lane.ts";
import { laneAnswers } from "./lane-answers.ts";
import { loadConfigOrReport } from "./load-config.ts";
import { createLogger } from "./logger.ts";
import { startControlSocket } from "./modules/admin/control-socket.ts";
import { backupShop } from "./modules/backup/backup.cli.ts";
import { startMediaWorkers } from "./modules/media/media-jobs.ts";
import type { Workers } from "./modules/media/queue.ts";
import { seedOnFirstStart } from "./modules/seed/seed.ts";
import { bootstrap } from "./server.ts";

async function main() {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);
  const logger = createLogger(config);
  heapGrowthForDatabase(config.databaseUrl ? "postgres" : "pglite");
  let server;
  try {
    server = await bootstrap(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // With the embedded database this process alone can open it, so `npm run admin` sends its changes
  // here over a local socket (docs/decisions/040-admin-cli-control-socket.md).
  const control =
    server.deps.database.kind === "pglite"
      ? await startControlSocket({ dataDir: config.dataDir, db: server.deps.database.db, logger, backup: (file) => backupShop(server.deps, file) })
      : null;
  let mediaWorkers: Workers | undefined;
  const listener = withFastLane(server.deps, laneAnswers, appListener(server.app.fetch, config.host));
  let stopping = false;
  // Slow clients' timeouts and the balancers' keep-alive: http/app-listener.ts (decision 224).
  const httpServer = createAppServer((request, response) => {
    // While draining, each answer closes its connection, so the balancer stops reusing it cleanly
    // and sends what comes next to another instance.
    if (stopping) response.setHeader("Connection", "close");
    listener(request, response);
  }).listen(config.port, config.host, () => {
    const info = httpServer.address() as AddressInfo;
    logger.info({ url: config.publicUrl, port: info.port, db: server.deps.database.kind }, "Reelmart is serving");
    // After listening, so requests are answered while the demo catalogue seeds and videos encode.
    mediaWorkers = startMediaWorkers(server.deps);
    seedOnFirstStart(server.deps).catch((error: unknown) => logger.error({ err: error }, "demo catalogue seeding failed"));
  });
  // The embedded database gives the event loop turns while connections arrive (decision 198).
  httpServer.on("connection", () => server.deps.database.connectionAccepted());

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "draining requests");
    // Refuse new connections (a balancer resends a request it could not deliver to another
    // instance), but not http.Server#close, which would also close every idle keep-alive connection
    // at once: a request the balancer is sending on one at that moment fails with a 502 (decision 173).
    // Those connections are closed after their next answer (Connection: close above), the idle rest
    // after a second, and long-lived ones (video streams, realtime) after a grace period.
    NetServer.prototype.close.call(httpServer, async () => {
      await control?.close();
      await mediaWorkers?.stop();
      await server.close();
      logger.info("stopped");
      process.exit(0);
    });
    setTimeout(() => httpServer.closeIdleConnections(), 1000).unref();
    setTimeout(() => httpServer.closeAllConnections(), 5000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
