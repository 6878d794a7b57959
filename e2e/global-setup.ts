import { chromium, type FullConfig } from "@playwright/test";

// The run's first test met a server and a browser that had never served a page: every chunk read and
// compressed for the first time, the database's caches empty, Chromium's files cold. Under CI's load
// (vitest runs alongside) that first page could take longer than a test waits, so it failed on its
// first try and passed on its retry. One visit to the pages the tests open first takes that cost here.
export default async function globalSetup(config: FullConfig) {
  const { baseURL, launchOptions, viewport } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ baseURL, viewport });
    for (const path of ["/", "/auth"]) {
      await page.goto(path, { waitUntil: "load", timeout: 120_000 });
      // swallowed: warming up only; a page that never goes quiet has still been built.
      await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    }
  } finally {
    await browser.close();
  }
}
