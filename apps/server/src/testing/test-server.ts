import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DestinationStream } from "pino";
import { type Config, loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type Server, bootstrap } from "../server.ts";
import { openTestDatabase } from "./test-database.ts";

export interface TestServer extends Server {
  /** A request through the real app (routing, validation, auth, handlers), without a socket. */
  request(path: string, init?: RequestInit): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  dataDir: string;
}

interface TestServerOptions {
  /** Receives the server's log lines. */
  logTo?: DestinationStream;
  /**
   * Whether the server holds its read model (read-model/read-model.ts), as a shop does: true for a
   * test of the read model itself. Unset, it is on in the project that runs its tests warm
   * (server:warm) and otherwise as bootstrap decides (off under NODE_ENV=test).
   */
  readModel?: boolean;
}

/**
 * Whether this project's test servers hold their read model unless a test says: the server:warm
 * project (vitest.config.ts) sets REELMART_TEST_READ_MODEL=warm to run the catalogue, feed, search,
 * cart, orders and engagement suites again as production answers them, from memory where memory
 * holds the answer.
 */
const testsRunWarm = () => process.env.REELMART_TEST_READ_MODEL === "warm";

/**
 * A whole server on a fresh database and a temporary data directory, for one test file. With
 * DATA_DIR or DATABASE_URL in `env` it opens that shop as `npm start` would (the embedded database on
 * disk, or that PostgreSQL database) and leaves it in place at close.
 */
export async function startTestServer(env: Record<string, string> = {}, { logTo, readModel = testsRunWarm() || undefined }: TestServerOptions = {}): Promise<TestServer> {
  const ownShop = !env.DATA_DIR && !env.DATABASE_URL;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "reelmart-test-"));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const database = ownShop ? await openTestDatabase({ migrated: true }) : undefined;
  const server = await bootstrap(config, createLogger(config, logTo), { database, readModel });
  const request = async (target: string, init?: RequestInit) =>
    server.app.request(target, { ...init, headers: { origin: config.publicUrl, ...init?.headers } });
  return {
    ...server,
    dataDir,
    request,
    async json<T>(target: string, init?: RequestInit) {
      const response = await request(target, init);
      return { status: response.status, body: (await response.json()) as T };
    },
    async close() {
      await server.close();
      if (ownShop) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The configuration a test server runs with: `env` over the test defaults. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/unused",
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: "http://localhost:3000",
    ...env,
  });
}

export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
