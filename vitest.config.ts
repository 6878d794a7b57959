import { defineConfig } from "vitest/config";

const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Migrates one database per server project and run, which each test file's server starts as a copy of.
const SERVER_GLOBAL_SETUP = "./apps/server/src/testing/global-setup.ts";

// One run covers every unit and integration test; server tests run twice: on embedded PGlite and on
// the machine's real PostgreSQL (each test file gets a database of its own).
export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", include: ["packages/core/src/**/*.test.ts"], environment: "node" } },
      // The repository's own tooling, such as the lint rules that hold the layers.
      { test: { name: "tooling", include: ["scripts/**/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      {
        test: {
          name: "server:pglite",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          // The move test (embedded source, so PGlite-only) still needs a PostgreSQL target.
          env: { TEST_DATABASE_URL: "", MOVE_TARGET_ADMIN_URL: POSTGRES_ADMIN_URL },
          globalSetup: [SERVER_GLOBAL_SETUP],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server:postgres",
          include: ["apps/server/src/**/*.test.ts"],
          exclude: ["apps/server/src/**/*.pglite-only.test.ts"],
          environment: "node",
          env: { TEST_DATABASE_URL: POSTGRES_ADMIN_URL },
          globalSetup: [SERVER_GLOBAL_SETUP],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
    ],
  },
});
