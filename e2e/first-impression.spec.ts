import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { rememberMarketplaceChoice } from "./support/returning-visitor.ts";
import { waitForServiceWorkerControl } from "./support/service-worker.ts";
import { signUpViaApi } from "./support/sign-up.ts";

// Issue 20: nothing covers a control, one price everywhere, honest error states.

interface Product {
  id: string;
  title: string;
  price: string;
  discountPercentage: number;
}

/** Decision 120: a discounted price is rounded to the whole rupee, half up. */
function paidPrice(product: Product): string {
  const listPaise = Math.round(Number(product.price) * 100);
  const basisPoints = Math.round(product.discountPercentage * 100);
  const paise = basisPoints === 0 ? listPaise : Math.round((listPaise * (10_000 - basisPoints)) / 1_000_000) * 100;
  return formatPrice(fromPaise(paise));
}

async function catalogue(request: APIRequestContext): Promise<Product[]> {
  let items: Product[] = [];
  await expect
    .poll(async () => {
      items = ((await (await request.get("/api/products?limit=20")).json()) as { items: Product[] }).items;
      return items.length;
    }, { timeout: 60_000 })
    .toBeGreaterThan(0);
  return items;
}

/** The marketplace with the longest name, chosen today, so the badge is at its widest. */
async function chooseLongestMarketplace(page: Page, request: APIRequestContext) {
  const { items } = (await (await request.get("/api/marketplaces")).json()) as { items: { id: string; name: string }[] };
  const longest = items.reduce((a, b) => (b.name.length > a.name.length ? b : a));
  await page.addInitScript(rememberMarketplaceChoice, longest.id);
  return longest;
}

async function signUp(request: APIRequestContext, baseURL: string) {
  const email = `fi-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const response = await signUpViaApi(request, {
    headers: { origin: baseURL },
    data: { email, password: "correct-horse-battery", name: "First Impression" },
  });
  expect(response.ok()).toBe(true);
}

/**
 * Every visible control whose centre is not the control itself (or inside it) at elementFromPoint.
 * On scrolling pages a control first scrolls to the middle of the screen (content below the fold
 * under a bottom bar is scrolling, not covering); visually hidden inputs (their label is the target)
 * are skipped.
 */
async function coveredControls(page: Page, options: { scroll: boolean }): Promise<string[]> {
  return page.evaluate(({ scroll }) => {
    const describe = (element: Element | null) =>
      element ? `${element.tagName.toLowerCase()}[${element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 30) ?? ""}]` : "nothing";
    const covered: string[] = [];
    for (const control of Array.from(document.querySelectorAll("button, a[href], input, select, textarea"))) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width < 4 || box.height < 4 || style.visibility === "hidden" || style.pointerEvents === "none" || control.closest("[aria-hidden='true'], [inert]")) continue;
      if (scroll) control.scrollIntoView({ block: "center", behavior: "instant" });
      const now = control.getBoundingClientRect();
      const x = now.left + now.width / 2;
      const y = now.top + now.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      // The bottom navigation is over content at the very end of a page only while it scrolls.
      if (!scroll && hit?.closest("nav") && !control.closest("nav")) continue;
      if (hit !== control && !control.contains(hit)) covered.push(`${describe(control)} under ${describe(hit)}`);
    }
    if (scroll) window.scrollTo(0, 0);
    return covered;
  }, options);
}

for (const width of [320, 390, 430]) {
  test(`at ${width} px no control is covered, with the longest marketplace name and a 100-character title`, async ({ page, request }) => {
    // Five pages at one width, each checked control by control.
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 844 });
    const [product] = await catalogue(request);
    const marketplace = await chooseLongestMarketplace(page, request);
    const longTitle = `${product!.title} with an extra long name that keeps going `.padEnd(100, "x").slice(0, 100);
    // The real answer, with the title made 100 characters long.
    await page.route(`**/api/products/${product!.id}*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Product;
      await route.fulfill({ response, json: { ...body, title: longTitle } });
    });

    for (const path of [`/product-profile/${product!.id}`, `/product/${product!.id}`, "/explore", "/", "/ (searching)"]) {
      await page.goto(path.split(" ")[0]!);
      await expect(page.getByTestId("splash")).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Marketplace: ${marketplace.name}. Change marketplace` })).toBeVisible();
      if (path.startsWith("/product")) await expect(page.getByRole("heading", { level: 1 })).toContainText(longTitle.slice(0, 20));
      if (path.includes("searching")) {
        // The search banner sits under the search box, beside the video's mute button.
        await page.getByRole("button", { name: "Search videos" }).click();
        await page.getByRole("searchbox", { name: "Search videos" }).fill(product!.title.split(" ")[0]!);
        await expect(page.getByRole("status").filter({ hasText: /found|No results/ })).toBeVisible();
        await expect(page.getByRole("button", { name: "Mute" }).first()).toBeVisible();
      }
      await page.waitForTimeout(500);
      expect(await coveredControls(page, { scroll: !path.startsWith("/ ") && path !== "/" }), `${path} at ${width} px`).toEqual([]);
    }
    // The badge is small: the flag and a short name; the full name is in its label.
    const badge = page.getByTestId("marketplace-badge");
    expect((await badge.boundingBox())!.width).toBeLessThanOrEqual(80);
  });
}

test("a signed-in shopper's cart Clear and the header actions stay tappable at 320 px", async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const [product] = await catalogue(request);
  await chooseLongestMarketplace(page, request);
  await signUp(page.request, baseURL!);
  expect((await page.request.post("/api/cart/items", { headers: { origin: baseURL! }, data: { productId: product!.id, variantId: await firstVariantId(page.request, product!.id), quantity: 1 } })).ok()).toBe(true);
  await page.goto("/cart");
  await expect(page.getByTestId("splash")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Clear" })).toBeVisible();
  expect(await coveredControls(page, { scroll: true })).toEqual([]);
});

test("the same product shows the same paid price on grids, landing page, saved, cart and profile", async ({ page, request, baseURL }) => {
  const products = await catalogue(request);
  // A discounted product whose variants all cost the same: the landing page then shows the list's price for any choice.
  let product: Product | undefined;
  for (const item of products.filter((candidate) => candidate.discountPercentage > 0)) {
    const detail = (await (await request.get(`/api/products/${item.id}`)).json()) as { variants: { priceAdjustment: string }[] };
    if (detail.variants.every((variant) => Number(variant.priceAdjustment) === 0)) {
      product = item;
      break;
    }
  }
  if (!product) throw new Error("no discounted product without variant price adjustments");
  const paid = paidPrice(product);
  const list = formatPrice(product.price);
  await chooseLongestMarketplace(page, request);
  await signUp(page.request, baseURL!);
  const origin = { origin: baseURL! };
  expect((await page.request.put(`/api/saved/${product.id}`, { headers: origin })).ok()).toBe(true);
  expect((await page.request.post("/api/cart/items", { headers: origin, data: { productId: product.id, variantId: await firstVariantId(page.request, product.id), quantity: 1 } })).ok()).toBe(true);

  const expectPrice = async (scope: ReturnType<Page["locator"]>) => {
    await expect(scope.getByTestId("paid-price").first()).toHaveText(paid);
    await expect(scope.getByTestId("price").first()).toContainText(list);
    await expect(scope.getByTestId("price").first()).toContainText(`${Math.round(product.discountPercentage)}% off`);
  };

  // The feed's overlay draws the same Price component; which card comes first there depends on
  // which videos have finished encoding, so this walk starts at the grids.
  await page.goto("/explore");
  await expectPrice(page.getByRole("listitem").filter({ hasText: product.title }));
  await page.goto(`/product/${product.id}`);
  await expectPrice(page.getByTestId("landing-price"));
  await page.goto("/saved");
  await expectPrice(page.getByRole("list", { name: "Saved items" }).getByRole("listitem").filter({ hasText: product.title }));
  await page.goto("/cart");
  await expectPrice(page.getByRole("list", { name: "Cart items" }).getByRole("listitem").filter({ hasText: product.title }));
  await expect(page.getByTestId("cart-total")).toHaveText(paid);
  await page.goto("/profile");
  await expectPrice(page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: product.title }));
  await page.getByRole("tab", { name: "Purchases" }).click();
  await expectPrice(page.getByRole("tabpanel").getByRole("listitem").filter({ hasText: product.title }));
});

test("a failed cart load shows an error with Try again, not 'Your cart is empty'", async ({ page, request, baseURL }) => {
  const [product] = await catalogue(request);
  await chooseLongestMarketplace(page, request);
  await signUp(page.request, baseURL!);
  expect((await page.request.post("/api/cart/items", { headers: { origin: baseURL! }, data: { productId: product!.id, variantId: await firstVariantId(page.request, product!.id), quantity: 1 } })).ok()).toBe(true);
  await page.route("**/api/cart", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "relation cart_items does not exist" } } }) : route.fallback(),
  );
  await page.goto("/cart");
  const alert = page.getByRole("alert").filter({ hasText: "Couldn't load your cart" });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText("Something went wrong on our side. Please try again.");
  await expect(alert).not.toContainText("relation");
  await expect(page.getByText("Your cart is empty")).toHaveCount(0);
  await page.unroute("**/api/cart");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);
});

test("an offline reload of the feed says so with Try again, not 'No products available'", async ({ page, context, request }) => {
  await catalogue(request);
  await chooseLongestMarketplace(page, request);
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The service worker now serves the shell; the first reload makes it control the page.
  await page.reload();
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  const alert = page.getByRole("alert").filter({ hasText: "You're offline" });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("No products available")).toHaveCount(0);
  await context.setOffline(false);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator('section[aria-current="true"]')).toBeVisible({ timeout: 20_000 });
});

test("signed out, the comments drawer offers 'Sign in to comment', which returns to the video after sign-in", async ({ page, request, baseURL }) => {
  const [product] = await catalogue(request);
  await chooseLongestMarketplace(page, request);
  await page.goto(`/?similar=${product!.id}`);
  await page.locator('section[aria-current="true"]').getByRole("button", { name: "Comments" }).click();
  const link = page.getByRole("dialog", { name: "Comments" }).getByRole("link", { name: "Sign in to comment" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/auth\?from=%2Fproduct-profile%2F/);
  await signUp(page.request, baseURL!);
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/product-profile/${product!.id}\\?media=`));
});

// The app reads the session from GET /api/session, which answers 200 with a null user when signed out.
test("anonymous page loads log no 401 errors in the console", async ({ page, request }) => {
  const [product] = await catalogue(request);
  await chooseLongestMarketplace(page, request);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /401|Unauthorized/i.test(message.text())) errors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() === 401) errors.push(`401 ${response.url()}`);
  });
  for (const path of ["/", "/explore", "/saved", `/product/${product!.id}`, `/product-profile/${product!.id}`]) {
    await page.goto(path);
    // swallowed: a page that never goes quiet (a live stream) is still checked below.
    await page.waitForLoadState("networkidle").catch(() => {});
  }
  expect(errors).toEqual([]);
});

/** Products with sizes or colours take a cart line per variant (issue #13): the first one in stock, or none. */
async function firstVariantId(request: APIRequestContext, productId: string): Promise<string | null> {
  const detail = (await (await request.get(`/api/products/${productId}`)).json()) as { variants?: { id: string; stock: number }[] };
  return detail.variants?.find((variant) => variant.stock > 0)?.id ?? null;
}
