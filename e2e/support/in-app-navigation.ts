import type { Page } from "@playwright/test";

/**
 * Goes to `path` as the app's own links do (the router follows popstate), without a page load: no
 * splash, no second start of the build. For checks repeated over many screens after one has loaded.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}
