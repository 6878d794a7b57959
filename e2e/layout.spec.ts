import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, type Cookie, type Locator, type Page, expect, test } from "@playwright/test";
import { asReturningVisitor } from "./support/returning-visitor.ts";
import { signUpViaApi } from "./support/sign-up.ts";

// Layout traps of issue 40 (item 7), measured in the page at phone and laptop size: toasts over the
// feed's controls, the admin's orders at 390 px, long names, and dialogs taller than the window.

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "correct-horse-battery";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const unique = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const OWNER = { email: `olivia.rodrigo-fernandes-${unique}@example.test`, firstName: "Olivia", lastName: "Rodrigo-Fernandes" };
const OWNER_NAME = `${OWNER.firstName} ${OWNER.lastName}`;
const CUSTOMER_EMAIL = `maria.del.carmen.rodriguez-fernandez-${unique}@example.test`;
const ADDRESS = { name: "Asha Rao", phone: "9876543210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001", countryCode: "IN" };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

let ownerCookies: Cookie[];
let order: { number: string; total: string };

// The owner (granted through the real CLI), a product of the owner's in India, and a shopper's order of it.
test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await browser.newContext();
  expect((await signUpViaApi(owner.request, { data: { email: OWNER.email, password: PASSWORD, name: OWNER_NAME } })).ok()).toBe(true);
  const { DATABASE_URL: _postgres, ...env } = process.env;
  await run(process.execPath, ["scripts/run-server-script.mjs", "admin", "grant", OWNER.email], { cwd: REPO_ROOT, env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" } });
  const origin = { origin: baseURL! };
  expect((await owner.request.patch("/api/me/profile", { headers: origin, data: { firstName: OWNER.firstName, lastName: OWNER.lastName } })).ok()).toBe(true);

  const { items: marketplaces } = (await (await owner.request.get("/api/marketplaces")).json()) as { items: { id: string; name: string }[] };
  const india = marketplaces.find((marketplace) => marketplace.name === "India")!;
  const created = await owner.request.post("/api/admin/products", { headers: origin });
  const { id } = (await created.json()) as { id: string };
  const { version } = (await (await owner.request.get(`/api/admin/products/${id}`)).json()) as { version: number };
  const product = {
    version, title: `Stoneware serving bowl ${unique}`, description: "Thrown by hand.", price: "123456", discountPercentage: 0, category: "Home Decor", stock: 20,
    status: "active", brandId: null, specifications: {}, highlights: [], promotion: null, variants: [], marketplaceIds: [india.id], media: [],
  };
  expect((await owner.request.put(`/api/admin/products/${id}`, { headers: origin, data: product })).ok()).toBe(true);
  ownerCookies = (await owner.storageState()).cookies;
  await owner.close();

  const shopper = await browser.newContext();
  expect((await signUpViaApi(shopper.request, { data: { email: CUSTOMER_EMAIL, password: PASSWORD, name: "María" } })).ok()).toBe(true);
  expect((await shopper.request.post("/api/cart/items", { headers: origin, data: { productId: id, variantId: null, quantity: 1 } })).ok()).toBe(true);
  const placed = await shopper.request.post("/api/orders", { headers: origin, data: { marketplaceId: india.id, paymentMethod: "cod", address: ADDRESS } });
  expect(placed.status()).toBe(201);
  order = (await placed.json()) as typeof order;
  await shopper.close();
});

async function ownerPage(browser: Browser, viewport: typeof PHONE): Promise<Page> {
  const phone = viewport.width < 768;
  const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
  await context.addCookies(ownerCookies);
  const page = await context.newPage();
  await asReturningVisitor(page, page.request);
  return page;
}

/** The splash covers every page on a cold load, and fades: measure once it has gone. */
async function openAfterSplash(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId("splash")).toHaveCount(0, { timeout: 15_000 });
}

const CONTROLS = ["Mute", "Video quality", "Enter fullscreen", "Like", "Unlike", "Comments", "Share", "Save product"];

/** The toasts shown (and their close buttons) and the current card's controls, measured in one go: toasts come and go. */
const measureFeed = (page: Page) =>
  page.evaluate((labels) => {
    const box = (element: Element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const toasts = Array.from(document.querySelectorAll('[data-sonner-toast][data-visible="true"], [data-sonner-toast][data-visible="true"] [data-close-button]'), box);
    const card = document.querySelector('section[aria-current="true"]');
    const buttons = Array.from(card?.querySelectorAll("button[aria-label]") ?? [], (button) => ({ label: button.getAttribute("aria-label") ?? "", box: box(button) }));
    return { toasts, controls: buttons.filter((button) => labels.includes(button.label)) };
  }, CONTROLS);

for (const viewport of [PHONE, LAPTOP]) {
  test(`${viewport.width}x${viewport.height}: on the feed, toasts cover none of the video's controls nor the action rail`, async ({ browser }) => {
    test.setTimeout(180_000);
    const phone = viewport.width < 768;
    const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    await asReturningVisitor(page, page.request);
    // The demo catalogue's videos are encoded after the server starts: wait until the feed has one.
    await expect.poll(async () => ((await (await page.request.get("/api/feed?limit=5")).json()) as { items: unknown[] }).items.length, { timeout: 120_000 }).toBeGreaterThan(0);
    await openAfterSplash(page, "/");
    const card = page.locator('section[aria-current="true"]');
    await expect(card.getByRole("button", { name: "Mute" })).toBeVisible();

    // A visitor who is not signed in gets a toast for a like and for each save or unsave: they stack up.
    await card.getByRole("button", { name: "Like", exact: true }).click();
    await card.getByRole("button", { name: "Save product" }).click();
    await card.getByRole("button", { name: "Remove from saved" }).click();
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).not.toHaveCount(0);
    // Measured where they come to rest: sonner slides each toast in and restacks the others.
    await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll("[data-sonner-toast]")).every((toast) => toast.getAnimations().length === 0))).toBe(true);

    const { toasts: shown, controls } = await measureFeed(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(controls.map((control) => control.label)).toEqual(expect.arrayContaining(["Mute", "Enter fullscreen", "Comments", "Share", "Save product"]));
    const covered = controls.filter((control) => shown.some((toast) => overlaps(toast, control.box))).map((control) => control.label);
    expect(covered).toEqual([]);
    for (const toast of shown) expect(toast.x + toast.width).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
}

test("390x844: the orders list shows each order's number, customer, status and total without sideways scrolling; 1280x800 keeps the table", async ({ browser }) => {
  const page = await ownerPage(browser, PHONE);
  await openAfterSplash(page, "/admin/orders");
  const table = page.getByRole("table", { name: "Orders" });
  const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: `#${order.number}`, exact: true }) });
  await expect(row).toBeVisible();
  // Each once on a phone: the order cell repeats the customer and status, whose own columns are hidden.
  for (const shown of [row.getByRole("link", { name: `#${order.number}` }), row.getByText(CUSTOMER_EMAIL), row.getByText("Placed", { exact: true }), row.getByText("₹1,23,456.00")].map((each) => each.filter({ visible: true }))) {
    await expect(shown).toBeInViewport({ ratio: 1 });
  }
  const region = page.getByRole("region", { name: "Orders" });
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.setViewportSize(LAPTOP);
  for (const header of ["Order", "Date", "Customer", "Status", "Payment", "Total"]) await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: CUSTOMER_EMAIL, exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Placed", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "₹1,23,456.00", exact: true })).toBeVisible();
  await page.context().close();
});

/** Whether the element shows all of its text: nothing clipped, no ellipsis. */
const showsWholeText = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== "ellipsis");
/** How many lines the element's text takes (the tops of its text's boxes). */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const tops = new Set<number>();
    const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

test("a long name is shown whole: the owner's on the profile and in the admin sidebar, and in the users table at 1280 px on one line", async ({ browser }) => {
  for (const viewport of [PHONE, LAPTOP]) {
    const page = await ownerPage(browser, viewport);
    await openAfterSplash(page, "/profile");
    const name = page.getByRole("heading", { level: 1, name: OWNER_NAME, exact: true });
    await expect(name).toBeVisible();
    expect(await showsWholeText(name), `the profile's name at ${viewport.width} px`).toBe(true);
    const email = page.getByText(OWNER.email, { exact: true });
    await expect(email).toBeVisible();
    expect(await showsWholeText(email), `the profile's email at ${viewport.width} px`).toBe(true);
    await page.context().close();
  }

  const page = await ownerPage(browser, LAPTOP);
  await openAfterSplash(page, "/admin/users");
  const sidebar = page.getByRole("banner");
  for (const text of [OWNER_NAME, OWNER.email]) {
    const shown = sidebar.getByText(text, { exact: true });
    await expect(shown).toBeVisible();
    expect(await showsWholeText(shown), `the sidebar's ${text}`).toBe(true);
  }
  await page.getByLabel("Search users").fill(OWNER.email);
  const cell = page.getByRole("row", { name: new RegExp(OWNER.email) }).getByRole("cell", { name: OWNER_NAME, exact: true });
  await expect(cell).toBeVisible();
  expect(await lineCount(cell)).toBe(1);
  await page.context().close();
});

test("the admin's dialogs fit a 1280x800 and a 390x844 window with their buttons in view", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // A brand of the owner's with a cover image: its edit dialog is the tallest of the admin's.
  const cover = path.join(mkdtempSync(path.join(os.tmpdir(), "reelmart-e2e-layout-")), "cover.png");
  await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=0x336699:s=640x200", "-frames:v", "1", cover]);
  const brandName = `Layout Brand ${unique}`;
  const setup = await ownerPage(browser, LAPTOP);
  const created = await setup.request.post("/api/admin/brands", {
    headers: { origin: baseURL! },
    data: { name: brandName, description: "Serving bowls, plates and cups thrown by hand in a small studio, glazed in the colours of the coast.", websiteUrl: "https://example.com", featured: true },
  });
  expect(created.status()).toBe(201);
  await openAfterSplash(setup, "/admin/brands");
  await setup.getByRole("button", { name: `Edit ${brandName}` }).click();
  await setup.getByRole("dialog").getByLabel("Cover image").setInputFiles(cover);
  await expect(setup.getByRole("dialog").getByRole("img", { name: "Current cover" })).toBeVisible();
  await setup.context().close();

  for (const viewport of [LAPTOP, PHONE]) {
    const page = await ownerPage(browser, viewport);
    const inView = async (dialog: Locator, names: string[]) => {
      await expect(dialog).toBeInViewport({ ratio: 1 });
      for (const name of names) await expect(dialog.getByRole("button", { name, exact: true }), `${name} at ${viewport.width}x${viewport.height}`).toBeInViewport({ ratio: 1 });
    };

    // The brand's dialog, with the errors of a refused save: the save button stays in view.
    await openAfterSplash(page, "/admin/brands");
    await page.getByRole("button", { name: `Edit ${brandName}` }).click();
    const brand = page.getByRole("dialog", { name: `Edit ${brandName}` });
    await brand.getByLabel("Name").fill("");
    await brand.getByLabel("Website").fill("not a web address");
    await brand.getByRole("button", { name: "Save brand" }).click();
    await expect(brand.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(brand.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
    await inView(brand, ["Cancel", "Save brand"]);
    await brand.getByRole("button", { name: "Cancel" }).click();
    await expect(brand).toBeHidden();

    // The other admin dialogs share the layout: a category's, a marketplace's and a user's.
    await page.getByRole("link", { name: "Categories" }).click();
    await page.getByRole("button", { name: /^Rename / }).first().click();
    await inView(page.getByRole("dialog"), ["Cancel", "Rename"]);
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByRole("button", { name: /^Edit / }).first().click();
    const marketplace = page.getByRole("dialog");
    await marketplace.getByLabel("Name").fill("");
    await marketplace.getByRole("button", { name: "Save marketplace" }).click();
    await expect(marketplace.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await inView(marketplace, ["Cancel", "Save marketplace"]);
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Users" }).click();
    await page.getByLabel("Search users").fill(CUSTOMER_EMAIL);
    await page.getByRole("row", { name: new RegExp(CUSTOMER_EMAIL) }).getByRole("button", { name: "Sign out everywhere" }).click();
    await inView(page.getByRole("dialog"), ["Cancel", "Sign out everywhere"]);
    await page.context().close();
  }
});
