import { type Page, expect } from "@playwright/test";

/**
 * Waits until the service worker controls the page. The worker takes control once it has precached
 * every chunk of the build, while the feed's first page, poster and videos load beside it (from the
 * boot script on, issue #14): seconds on a busy machine, past expect's default 10 s in CI.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}
