import { defineConfig } from "vitest/config";

const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Migrates one database per server project and run, which each test file's server starts as a copy of.
const SERVER_GLOBAL_SETUP = "./apps/server/src/testing/global-setup.ts";
// Server tests that never open a database (no test server, no test database): they would run the same
// on both, so they run once, in a project without the global setup's migrated databases. A listed
// file that starts a test server or opens a migrated test database fails there (openTestDatabase).
const DATABASE_FREE_SERVER_TESTS = [
  "apps/server/src/config.test.ts",
  "apps/server/src/db/group-commit.test.ts",
  "apps/server/src/heap-growth.test.ts",
  "apps/server/src/logger.test.ts",
  "apps/server/src/http/body-pieces.test.ts",
  "apps/server/src/http/client-address.test.ts",
  "apps/server/src/http/compression.test.ts",
  "apps/server/src/modules/auth/delivery.test.ts",
  "apps/server/src/read-model/held-cart-lines.test.ts",
  "apps/server/src/modules/feed/feed.seed.test.ts",
  "apps/server/src/read-model/packed-cards.test.ts",
  "apps/server/src/modules/media/ffmpeg.test.ts",
  "apps/server/src/modules/media/ladder.test.ts",
  "apps/server/src/modules/media/video.test.ts",
  "apps/server/src/modules/seed/product-art.test.ts",
  "apps/server/src/modules/uploads/sniff.test.ts",
  "apps/server/src/read-model/held-bytes.test.ts",
  "apps/server/src/read-model/read-model.layout.test.ts",
  "apps/server/src/read-model/spliced-body.test.ts",
  "apps/server/src/storage/s3-storage.test.ts",
];

// The suites of what the read model (apps/server/src/read-model/) answers in production, and its own:
// the server:warm project runs them again with their test servers' read model on
// (REELMART_TEST_READ_MODEL, testing/test-server.ts), so they test the path production serves and not
// only the SQL it falls back to while a store is cold. The property test starts a warm and a cold
// server of its own, so it runs in server:pglite and server:postgres only.
const READ_MODEL_SUITES = [
  ...["catalog", "feed", "search", "cart", "orders", "engagement"].map((module) => `apps/server/src/modules/${module}/**/*.test.ts`),
  "apps/server/src/read-model/**/*.test.ts",
];

// The fault suite restarts the machine's PostgreSQL, so it runs alone, after every other suite
// (`npm run test:faults`; scripts/test.mjs runs it last): its project exists only when asked for.
const FAULT_TESTS = "apps/server/src/**/*.faults.test.ts";
const faultsProject = {
  test: {
    name: "faults",
    include: [FAULT_TESTS],
    environment: "node",
    env: { TEST_DATABASE_URL: POSTGRES_ADMIN_URL },
    globalSetup: [SERVER_GLOBAL_SETUP],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
};

// One run covers every unit and integration test; server tests that use the database run twice: on
// embedded PGlite and on the machine's real PostgreSQL (each test file gets a database of its own).
export default defineConfig({
  test: {
    // Two test files at a time (vitest's default on two cores is one): a server test file spends much
    // of its time waiting on its HTTP server, PostgreSQL and ffmpeg, which the other file's work fills.
    maxWorkers: 2,
    projects: [
      { test: { name: "core", include: ["packages/core/src/**/*.test.ts"], environment: "node" } },
      // The repository's own tooling, such as the lint rules that hold the layers.
      { test: { name: "tooling", include: ["scripts/**/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      {
        test: { name: "server", include: DATABASE_FREE_SERVER_TESTS, environment: "node", testTimeout: 30_000 },
      },
      {
        test: {
          name: "server:pglite",
          // A worker's files share its imported modules (decision 194): importing the server again
          // for every file was ~45% of the project's time. Each file still starts servers and
          // databases of its own; a server's state (caches, metric registries) lives on it, and what
          // is process-wide (better-auth's context, the delivered-message log) already served
          // several servers in one file.
          isolate: false,
          include: ["apps/server/src/**/*.test.ts"],
          exclude: [FAULT_TESTS, ...DATABASE_FREE_SERVER_TESTS],
          environment: "node",
          // The move test (embedded source, so PGlite-only) still needs a PostgreSQL target.
          env: { TEST_DATABASE_URL: "", MOVE_TARGET_ADMIN_URL: POSTGRES_ADMIN_URL },
          globalSetup: [SERVER_GLOBAL_SETUP],
          // PGlite's WebAssembly is the slowest part of the suite: on session 17's machine (a bare
          // 2e8-step loop took 3 s) its heaviest tests passed 30 s, the limit of the other projects.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: "server:postgres",
          isolate: false,
          include: ["apps/server/src/**/*.test.ts"],
          exclude: ["apps/server/src/**/*.pglite-only.test.ts", FAULT_TESTS, ...DATABASE_FREE_SERVER_TESTS],
          environment: "node",
          env: { TEST_DATABASE_URL: POSTGRES_ADMIN_URL },
          globalSetup: [SERVER_GLOBAL_SETUP],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // READ_MODEL_SUITES warm, on PGlite only (docs/testing.md has the measured cost): PGlite delivers
      // a write's notifications with the write, so a test's next read meets a read model that has
      // taken them in; PostgreSQL delivers them after the commit, and the property test proves the
      // read model catches up there.
      {
        test: {
          name: "server:warm",
          isolate: false,
          include: READ_MODEL_SUITES,
          exclude: [FAULT_TESTS, ...DATABASE_FREE_SERVER_TESTS, "apps/server/src/**/*.property.test.ts"],
          environment: "node",
          env: { TEST_DATABASE_URL: "", REELMART_TEST_READ_MODEL: "warm" },
          globalSetup: [SERVER_GLOBAL_SETUP],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./src/test-setup.ts"],
        },
      },
      ...(process.env.REELMART_FAULTS === "1" ? [faultsProject] : []),
    ],
  },
});
