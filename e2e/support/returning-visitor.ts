import { MARKETPLACE_COOKIE } from "@reelmart/core/constants";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";

/**
 * Runs in the page before app code: this device chose marketplace `id` today, so the once-a-day
 * picker (000 §4) stays closed.
 */
export function rememberMarketplaceChoice(id: string) {
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  if (id) localStorage.setItem("selectedMarketplaceId", id);
  localStorage.setItem("marketplaceDialogLastShown", today);
}

/**
 * A returning visitor who already chose the first marketplace today. The picker then never covers
 * the page under test, and no click is needed to close it; such a click would count as a user
 * gesture and change autoplay behaviour. Resolves to the chosen marketplace id.
 */
export async function asReturningVisitor(target: Page | BrowserContext, request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get("/api/marketplaces")).json()) as { items: { id: string }[] };
  const id = items[0]?.id ?? "";
  await target.addInitScript(rememberMarketplaceChoice, id);
  // The app mirrors the choice in this cookie (decision 183): the home page's first request carries it.
  const context = "context" in target ? target.context() : target;
  if (id) await context.addCookies([{ name: MARKETPLACE_COOKIE, value: id, domain: "127.0.0.1", path: "/" }]);
  return id;
}
