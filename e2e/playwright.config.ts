import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { PAYMENT_STAND_IN } from "./support/payment-keys.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Online payment goes through a local Razorpay stand-in on its own port (decision 101).
const PAYMENT_PORT = Number(process.env.E2E_PAYMENT_PORT ?? PORT + 1000);
const PAYMENT_URL = `http://127.0.0.1:${PAYMENT_PORT}`;
// A fresh data directory per run; workers inherit the same value through the environment.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `reelmart-e2e-${Date.now()}`);
// Emails and texts land here as files (support/outbox.ts reads the codes and links in them).
process.env.MESSAGE_OUTBOX_DIR = path.join(process.env.E2E_DATA_DIR, "outbox");

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
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    // Recording a trace for every test took about a fifth of the run's CPU (decision 194); CI, which
    // retries a failed test once, records the retry's. A local run, without retries, keeps a failure's.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--autoplay-policy=no-user-gesture-required"],
    },
  },
  webServer: [
    {
      command: `node apps/server/dist/main.js`,
      cwd: "..",
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: "warn",
        MESSAGE_OUTBOX_DIR: process.env.MESSAGE_OUTBOX_DIR,
        RAZORPAY_KEY_ID: PAYMENT_STAND_IN.keyId,
        RAZORPAY_KEY_SECRET: PAYMENT_STAND_IN.keySecret,
        RAZORPAY_WEBHOOK_SECRET: PAYMENT_STAND_IN.webhookSecret,
        RAZORPAY_API_URL: PAYMENT_URL,
        RAZORPAY_CHECKOUT_URL: `${PAYMENT_URL}/v1/checkout.js`,
      },
    },
    {
      command: `node --import tsx e2e/support/payment-stand-in.ts`,
      cwd: "..",
      url: `${PAYMENT_URL}/v1/checkout.js`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { PAYMENT_STAND_IN_PORT: String(PAYMENT_PORT), APP_URL: `http://127.0.0.1:${PORT}` },
    },
  ],
});
