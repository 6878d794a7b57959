import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh data directory per run; workers inherit the same value through the environment.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `reelmart-e2e-${Date.now()}`);

// Runs against the production build on a fresh data directory, in Debian's Chromium (Playwright
// cannot download its own browser here) with a phone-sized, touch-enabled viewport.
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  // Per port, so concurrent runs on one machine never clear each other's traces.
  outputDir: `../test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  globalTeardown: "./global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--autoplay-policy=no-user-gesture-required"],
    },
  },
  webServer: {
    command: `node apps/server/dist/main.js`,
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: `http://127.0.0.1:${PORT}`, LOG_LEVEL: "warn" },
  },
});
