import { type APIRequestContext, type Browser, type Page, expect, test } from "@playwright/test";
import { asReturningVisitor } from "./support/returning-visitor.ts";
import { signUpViaApi } from "./support/sign-up.ts";

test.beforeEach(async ({ context, request }) => asReturningVisitor(context, request));

/** The first feed product and the media its card shows (the main video, else the first). */
async function feedProduct(request: APIRequestContext) {
  const { items } = (await (await request.get("/api/feed?limit=1")).json()) as {
    items: { id: string; media: { id: string; isMain: boolean }[] }[];
  };
  const product = items[0]!;
  return { productId: product.id, mediaId: (product.media.find((m) => m.isMain) ?? product.media[0]!).id };
}

const currentCard = (page: Page) => page.locator('section[aria-current="true"]');

/** Opens the feed on the product (similar mode puts it first) and its comments drawer, once loaded. */
async function openComments(page: Page, productId: string) {
  await page.goto(`/?similar=${productId}`);
  const loaded = page.waitForResponse((r) => /\/api\/media\/[^/]+\/comments/.test(r.url()));
  await currentCard(page).getByRole("button", { name: "Comments" }).click();
  await loaded;
  return page.getByRole("dialog", { name: "Comments" });
}

async function signUp(request: APIRequestContext, baseURL: string) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const response = await signUpViaApi(request, {
    headers: { origin: baseURL },
    data: { email, password: "correct-horse-battery", name: "E2E Shopper" },
  });
  expect(response.status()).toBe(200);
}

test("signed out: a like shows 'Login Required' and the heart reverts", async ({ page }) => {
  await page.goto("/");
  const like = page.getByRole("button", { name: "Like", exact: true }).first();
  await like.click();
  await expect(page.getByText("Login Required")).toBeVisible();
  await expect(page.getByRole("button", { name: "Like", exact: true }).first()).toHaveAttribute("aria-pressed", "false", { timeout: 2000 });
});

test("saved items made while signed out appear in the account after sign-in", async ({ page, baseURL }) => {
  await page.goto("/");
  await page.locator('section[aria-current="true"]').getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Sign in to sync your saved items across devices")).toBeVisible();
  const local = await page.evaluate(() => JSON.parse(localStorage.getItem("savedItems") ?? "[]") as string[]);
  expect(local).toHaveLength(1);

  await signUp(page.request, baseURL ?? "");
  await page.reload();
  await expect.poll(async () => page.evaluate(() => localStorage.getItem("savedItems"))).toBeNull();
  const saved = (await (await page.request.get("/api/saved")).json()) as { items: { productId: string }[] };
  expect(saved.items.map((item) => item.productId)).toEqual(local);
});

/** Two signed-up shoppers, each in a browser context of their own, closed after `use`. */
async function withTwoShoppers(
  browser: Browser,
  baseURL: string,
  use: (pageA: Page, pageB: Page) => Promise<void>,
): Promise<void> {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    for (const context of contexts) {
      await asReturningVisitor(context, context.request);
      await signUp(context.request, baseURL);
    }
    const [pageA, pageB] = await Promise.all(contexts.map((context) => context.newPage()));
    await use(pageA!, pageB!);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

test("a comment posted in one browser appears in another within a second", async ({ browser, baseURL, request }) => {
  const { productId } = await feedProduct(request);
  await withTwoShoppers(browser, baseURL ?? "", async (pageA, pageB) => {
    const [drawerA, drawerB] = await Promise.all([openComments(pageA, productId), openComments(pageB, productId)]);
    const text = `live ${Date.now()}`;
    await drawerA.getByLabel("Comment", { exact: true }).fill(text);
    await drawerA.getByRole("button", { name: "Post comment" }).click();
    await expect(drawerB.getByText(text)).toBeVisible({ timeout: 1500 });
  });
});

test("a shopper's like and unlike on their phone show on their laptop without a reload", async ({ browser, baseURL, request }) => {
  const { productId, mediaId } = await feedProduct(request);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const laptop = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  try {
    await asReturningVisitor(phone, phone.request);
    await signUp(phone.request, baseURL ?? "");
    // The same account on a second device: the phone's session cookie, signed in on the laptop too.
    await asReturningVisitor(laptop, laptop.request);
    await laptop.addCookies(await phone.cookies());
    const [phonePage, laptopPage] = await Promise.all([phone.newPage(), laptop.newPage()]);
    // The heart is named for what a tap does: 'Like', or 'Unlike' once liked.
    const likeOn = (page: Page) => currentCard(page).getByRole("button", { name: /^(Like|Unlike)$/ });
    for (const page of [phonePage, laptopPage]) {
      // Once the engagement has been read, only the stream can move the heart.
      const engagementRead = page.waitForResponse((response) => response.url().endsWith(`/api/media/${mediaId}/engagement`));
      await page.goto(`/?similar=${productId}`);
      await engagementRead;
      await expect(likeOn(page)).toHaveAttribute("aria-pressed", "false");
    }
    await likeOn(phonePage).click();
    await expect(likeOn(laptopPage)).toHaveAttribute("aria-pressed", "true", { timeout: 1500 });
    await expect(likeOn(laptopPage)).toHaveAccessibleName("Unlike");
    await likeOn(phonePage).click();
    await expect(likeOn(phonePage)).toHaveAttribute("aria-pressed", "false");
    await expect(likeOn(laptopPage)).toHaveAttribute("aria-pressed", "false", { timeout: 1500 });
  } finally {
    await Promise.all([phone.close(), laptop.close()]);
  }
});

test("authors edit and delete their own comments; others get no controls and see the delete live", async ({ browser, baseURL, request }) => {
  const { productId } = await feedProduct(request);
  await withTwoShoppers(browser, baseURL ?? "", async (pageA, pageB) => {
    const [drawerA, drawerB] = await Promise.all([openComments(pageA, productId), openComments(pageB, productId)]);
    const text = `mine ${Date.now()}`;
    await drawerA.getByLabel("Comment", { exact: true }).fill(text);
    await drawerA.getByRole("button", { name: "Post comment" }).click();

    const edited = `${text} (edited text)`;
    await drawerA.getByRole("listitem").filter({ hasText: text }).getByRole("button", { name: "Edit comment" }).click();
    await drawerA.getByRole("textbox", { name: "Edit comment" }).fill(edited);
    await drawerA.getByRole("button", { name: "Save" }).click();
    const rowA = drawerA.getByRole("listitem").filter({ hasText: edited });
    await expect(rowA).toContainText("· edited");

    const rowB = drawerB.getByRole("listitem").filter({ hasText: edited });
    await expect(rowB).toContainText("· edited");
    await expect(rowB.getByRole("button", { name: "Edit comment" })).toHaveCount(0);
    await expect(rowB.getByRole("button", { name: "Delete comment" })).toHaveCount(0);

    await rowA.getByRole("button", { name: "Delete comment" }).click();
    await expect(rowA).toHaveCount(0);
    await expect(rowB).toHaveCount(0, { timeout: 1500 });
  });
});

test("'Error loading comments' offers 'Try again', which shows 'Retrying...' until the comments load", async ({ page, request }) => {
  const { productId } = await feedProduct(request);
  let failing = true;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/media\/[^/]+\/comments/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    if (failing) return route.fulfill({ status: 500, json: { error: { code: "internal", message: "Internal error" } } });
    // Held, so the retry in flight can be seen.
    await held;
    return route.continue();
  });
  await page.goto(`/?similar=${productId}`);
  await currentCard(page).getByRole("button", { name: "Comments" }).click();
  const drawer = page.getByRole("dialog", { name: "Comments" });
  // The fetch retries twice (after 1 s and 2 s) before it gives up.
  await expect(drawer.getByText("Retrying...")).toBeVisible();
  await expect(drawer.getByText("Error loading comments")).toBeVisible({ timeout: 5000 });
  await expect(drawer.getByText("Failed to load comments")).toBeVisible();

  failing = false;
  await drawer.getByRole("button", { name: "Try again" }).click();
  await expect(drawer.getByRole("button", { name: "Retrying..." })).toBeDisabled();
  release();
  await expect(drawer.getByText("Error loading comments")).toBeHidden();
  await expect(drawer.getByText("No comments yet").or(drawer.getByRole("listitem").first())).toBeVisible();
});

test("offline disables commenting and the sharing options that need the network; online restores them", async ({ page, context, baseURL }) => {
  await signUp(page.request, baseURL ?? "");
  const { productId } = await feedProduct(page.request);
  const comments = await openComments(page, productId);
  const input = comments.getByLabel("Comment", { exact: true });
  await expect(input).toHaveAttribute("placeholder", "Add a comment...");

  await context.setOffline(true);
  await expect(input).toHaveAttribute("placeholder", "You're offline");
  await expect(input).toBeDisabled();
  await expect(comments.getByRole("button", { name: "Post comment" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(comments).toBeHidden();

  await currentCard(page).getByRole("button", { name: "Share" }).click();
  const share = page.getByRole("dialog", { name: "Share" });
  const banner = share.getByText("You're offline. Some sharing options are unavailable.");
  const networkOptions = ["Facebook", "Twitter", "Instagram", "Message"].map((name) => share.getByRole("button", { name }));
  await expect(banner).toBeVisible();
  for (const option of networkOptions) await expect(option).toBeDisabled();
  // The link goes to the clipboard, which needs no network.
  await expect(share.getByRole("button", { name: "Copy Link" })).toBeEnabled();

  await context.setOffline(false);
  await expect(banner).toBeHidden();
  for (const option of networkOptions) await expect(option).toBeEnabled();
  await share.getByRole("button", { name: "Cancel" }).click();
  await expect(share).toBeHidden();
  await currentCard(page).getByRole("button", { name: "Comments" }).click();
  await expect(input).toHaveAttribute("placeholder", "Add a comment...");
  await expect(input).toBeEnabled();
});

test("Copy Link copies the product-profile link and counts the share; Instagram points to its app", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const { productId, mediaId } = await feedProduct(page.request);
  const serverShareCount = async () =>
    ((await (await page.request.get(`/api/media/${mediaId}/engagement`)).json()) as { shareCount: number }).shareCount;
  const before = await serverShareCount();
  await page.goto(`/?similar=${productId}`);
  // The open drawer is modal and hides the rail from the accessibility tree; its count still shows.
  const shareButton = currentCard(page).getByRole("button", { name: "Share", includeHidden: true });
  await expect(shareButton).toHaveText(String(before));

  await shareButton.click();
  const share = page.getByRole("dialog", { name: "Share" });
  await share.getByRole("button", { name: "Copy Link" }).click();
  await expect(page.getByText("Link copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/product-profile/${productId}?media=${mediaId}`);
  await expect(shareButton).toHaveText(String(before + 1));
  await expect.poll(serverShareCount).toBe(before + 1);

  await share.getByRole("button", { name: "Instagram" }).click();
  await expect(page.getByText("Instagram Sharing - only available through their app", { exact: true })).toBeVisible();
});
