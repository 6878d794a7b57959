import AxeBuilder from "@axe-core/playwright";
import { navigateInApp } from "./support/in-app-navigation.ts";
import { rememberMarketplaceChoice } from "./support/returning-visitor.ts";
import { type Page, expect, test } from "@playwright/test";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { signUpViaApi } from "./support/sign-up.ts";

interface Marketplace {
  id: string;
  name: string;
  tagline: string | null;
  flagUrl: string;
  displayOrder: number;
}

// Used only while the demo catalogue has no marketplaces (fresh data directory before seeding lands).
const FALLBACK_MARKETPLACES: Marketplace[] = [
  { id: "11111111-1111-4111-8111-111111111111", name: "India", tagline: "Desi finds", flagUrl: "/icons/icon.svg", displayOrder: 1 },
  { id: "22222222-2222-4222-8222-222222222222", name: "Japan", tagline: null, flagUrl: "/icons/icon.svg", displayOrder: 2 },
];

/** The real marketplaces when the server has some; otherwise the page is served the fallback list. */
async function useMarketplaces(page: Page): Promise<Marketplace[]> {
  const response = await page.request.get("/api/marketplaces");
  const real = response.ok() ? ((await response.json()) as { items: Marketplace[] }).items : [];
  if (real.length >= 2) return real;
  await page.route("**/api/marketplaces", (route) => route.fulfill({ json: { items: FALLBACK_MARKETPLACES } }));
  return FALLBACK_MARKETPLACES;
}

/** A returning visitor who already chose today: the picker stays closed (it hides the page from assistive tech). */
async function asReturningVisitor(page: Page) {
  const [first] = await useMarketplaces(page);
  await page.addInitScript(rememberMarketplaceChoice, first!.id);
}

async function waitForSplashToLift(page: Page) {
  await expect(page.getByTestId("splash")).toHaveCount(0, { timeout: 10_000 });
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Step Into Their World" });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("the splash shows the brand and 'Loading...' for at least 2 s, then fades to the feed", async ({ page }) => {
  await asReturningVisitor(page);
  const started = Date.now();
  // Not waiting for "load": on a busy machine the page's load event can come after the 2 s.
  await page.goto("/", { waitUntil: "commit" });
  // Brand and 'Loading...' read together, in the page: one Playwright round trip per text took the
  // 2 s away on a slow machine (CI on 40e3b2d found the splash already gone at the third).
  await page.waitForFunction(() => {
    const splash = document.querySelector<HTMLElement>('[data-testid="splash"]');
    return splash !== null && splash.checkVisibility() && /Reelmart/.test(splash.innerText) && /Loading\.\.\./.test(splash.innerText);
  });
  await waitForSplashToLift(page);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  await expect(mainNav(page)).toBeVisible();
});

test("a splash logo that fails to load falls back to the default icon", async ({ page }) => {
  await page.route("**/splash/config.json", (route) => route.fulfill({ json: { name: "Reelmart", logoUrl: "/splash/missing.png" } }));
  // The server answers a missing file with a short 404 (not the app's 70 KB page, which a loaded CI
  // machine once sent after the splash had lifted), so the fallback shows within the splash's 2 s.
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByTestId("splash").locator("img")).toHaveAttribute("src", "/icons/icon.svg");
});

test("every route in the table renders inside the shell, and unknown paths show the not-found page", async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto("/");
  await waitForSplashToLift(page);
  for (const path of [
    "/",
    "/auth",
    "/explore",
    "/search",
    "/saved",
    "/cart",
    "/profile",
    "/product/1",
    "/purchase/1",
    "/product-profile/1",
    "/brand-shop/1",
    "/brand-directory",
    "/admin",
  ]) {
    await navigateInApp(page, path);
    await expect(mainNav(page), path).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" }), path).toHaveCount(0);
    await expect(page.getByText("An unexpected error occurred in this section."), path).toHaveCount(0);
  }
  await page.goto("/nowhere");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
});

test("bottom navigation: Home only on exactly /, other tabs by path prefix", async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto("/");
  await waitForSplashToLift(page);
  const nav = mainNav(page);
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Explore" }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(nav.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await page.goto("/search");
  await expect(nav.locator("[aria-current=page]")).toHaveCount(0);
  // The bar reserves its 60 px at the bottom of a 844 px screen.
  const box = await nav.boundingBox();
  expect(box?.height).toBe(60);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(844);
});

test("first visit: the marketplace dialog opens; choosing sets the badge, filters lists, survives reloads and does not reopen today", async ({ page }) => {
  const marketplaces = await useMarketplaces(page);
  const chosen = marketplaces[1]!;
  const catalogueRequests: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(feed|products|search)$/.test(url.pathname)) catalogueRequests.push(url);
  });

  await page.goto("/");
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText("Choose a Marketplace to Enter their World and explore Products.")).toBeVisible();
  await waitForSplashToLift(page);
  const radios = dialog(page).getByRole("radio");
  await expect(radios).toHaveCount(marketplaces.length);

  await dialog(page).getByRole("radio", { name: new RegExp(chosen.name) }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText("Marketplace Updated")).toBeVisible();
  await expect(page.getByText(`Switched to ${chosen.name}`)).toBeVisible();
  const badge = page.getByRole("button", { name: `Marketplace: ${chosen.name}. Change marketplace` });
  await expect(badge).toBeVisible();
  await expect
    .poll(() => catalogueRequests.some((url) => url.searchParams.get("marketplaceId") === chosen.id), { message: "a catalogue list asked for the chosen marketplace" })
    .toBe(true);

  await page.reload();
  await waitForSplashToLift(page);
  await expect(badge).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // Choosing the selected marketplace again does nothing.
  await badge.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("radio", { name: new RegExp(chosen.name) })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
});

test("a stored marketplace that is no longer active is cleared and the dialog asks again", async ({ page }) => {
  await useMarketplaces(page);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("selectedMarketplaceId", "99999999-9999-4999-8999-999999999999");
    }
  });
  await page.goto("/");
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Choose a marketplace" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedMarketplaceId"))).toBeNull();
});

test("a failed marketplace list shows the 'Failed to load marketplaces' toast", async ({ page }) => {
  await page.route("**/api/marketplaces", (route) => route.fulfill({ status: 400, json: { error: { code: "bad_request", message: "nope" } } }));
  await page.goto("/");
  await expect(page.getByText("Failed to load marketplaces")).toBeVisible();
});

test("the web app manifest makes the app installable", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: "Reelmart", short_name: "Reelmart", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#/);
  for (const size of ["192x192", "512x512"]) {
    expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose === "any")).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === size && icon.purpose === "maskable")).toBe(true);
  }
  for (const icon of manifest.icons) expect((await request.get(icon.src)).headers()["content-type"]).toContain("image/png");
});

test("after one online visit the app shell opens offline with an offline notice", async ({ page, context }) => {
  await asReturningVisitor(page);
  await page.goto("/");
  await waitForSplashToLift(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit is not controlled yet; the worker claims it on activation.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByText("You're offline.")).toBeVisible();
  await page.goto("/explore");
  await expect(mainNav(page).getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
  await context.setOffline(false);
});

test("the worker trims the media cache to the requested size", async ({ page }) => {
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  const remaining = await page.evaluate(async () => {
    // An image through the worker creates this build's image cache, whose name carries the build id.
    await new Promise((resolve) => {
      const image = new Image();
      image.onload = image.onerror = resolve;
      image.src = `/icons/icon.svg?probe=${Date.now()}`;
    });
    let imageCache: string | undefined;
    for (let attempt = 0; attempt < 50 && !imageCache; attempt += 1) {
      imageCache = (await caches.keys()).find((key) => key.startsWith("reelmart-images-"));
      if (!imageCache) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cache = await caches.open(imageCache!.replace("images", "media"));
    for (let index = 0; index < 25; index += 1) await cache.put(`/media/thumb-${index}.jpg`, new Response("x"));
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ action: "trimCache", maxItems: 20 });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const keys = await cache.keys();
      if (keys.length <= 20) return keys.map((request) => new URL(request.url).pathname);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(remaining).toHaveLength(20);
  expect(remaining[0]).toBe("/media/thumb-5.jpg");
});

/** DESIGN.md: no serious or critical axe violations (WCAG 2.1 A/AA rules), listed by rule and element. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("axe: the shell pages and the marketplace dialog have no serious or critical violations", async ({ page }) => {
  test.setTimeout(120_000);
  await asReturningVisitor(page);
  for (const path of ["/", "/auth", "/explore", "/search", "/brand-directory", "/nowhere"]) {
    await page.goto(path);
    await waitForSplashToLift(page);
    await expect(mainNav(page)).toBeVisible();
    // Let the page's first data arrive so its content, not its spinner, is checked.
    await expect(page.getByRole("status", { name: "Loading page" })).toHaveCount(0);
    await page.waitForLoadState("load");
    // Soft, so one run lists every page's violations.
    expect.soft(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto("/");
  await waitForSplashToLift(page);
  await page.getByRole("button", { name: /^Marketplace: / }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole("radio").first()).toBeVisible();
  expect(await seriousViolations(page), "marketplace dialog").toEqual([]);
});

/** Real marketplaces (the account preference is checked against them): the seed adds them on first start. */
async function realMarketplaces(page: Page): Promise<Marketplace[]> {
  let items: Marketplace[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/marketplaces");
      items = response.ok() ? ((await response.json()) as { items: Marketplace[] }).items : [];
      return items.length;
    }, { message: "the demo seed added at least two marketplaces", timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  return items;
}

test("a signed-in user's saved marketplace preference overrides the locally stored one", async ({ page, baseURL }) => {
  const [local, saved] = await realMarketplaces(page);
  // page.request shares the browser context's cookies, so the page is signed in as this user.
  const email = `shell-pref-${Date.now()}@example.com`;
  const signUp = await signUpViaApi(page.request, { headers: { origin: baseURL! }, data: { email, password: "correct-horse-42", name: "Pref" } });
  expect(signUp.status()).toBe(200);
  const put = await page.request.put("/api/me/marketplace", { headers: { origin: baseURL! }, data: { marketplaceId: saved!.id } });
  expect(put.ok()).toBe(true);

  // This device last chose another marketplace (today, so the once-a-day picker stays closed).
  await page.addInitScript((id) => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    const now = new Date();
    localStorage.setItem("selectedMarketplaceId", id);
    localStorage.setItem("marketplaceDialogLastShown", `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`);
  }, local!.id);
  await page.goto("/");
  await waitForSplashToLift(page);
  await expect(page.getByRole("button", { name: `Marketplace: ${saved!.name}. Change marketplace` })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("selectedMarketplaceId"))).toBe(saved!.id);
});

test("a new service worker deployment posts CACHE_VERSION_UPDATE and the page reloads fully", async ({ page }) => {
  await asReturningVisitor(page);
  await page.goto("/");
  await waitForSplashToLift(page);
  await waitForServiceWorkerControl(page);

  // The running worker recorded this build as the active one. Pretend the previous deployment was
  // another build, then install a new worker (a new script URL always installs one): its activation
  // finds the older version, claims the page and posts CACHE_VERSION_UPDATE.
  await page.evaluate(async () => {
    // Kept in session storage, which outlives the reload the message causes.
    navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
      sessionStorage.setItem("workerMessage", String(event.data?.type));
    });
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    const marker = await caches.open("reelmart-sw-version");
    await marker.put("/version", new Response("previous-build"));
  });
  const reloaded = page.waitForEvent("load");
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?deployment=next", { scope: "/" }));
  await reloaded;
  expect(await page.evaluate(() => sessionStorage.getItem("workerMessage"))).toBe("CACHE_VERSION_UPDATE");
  // A full reload: the old document (and its marker) is gone, the app starts again from the splash.
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  await expect(page.getByTestId("splash")).toBeVisible();
  await waitForSplashToLift(page);
  await expect(mainNav(page)).toBeVisible();
});
