import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, type Cookie, expect, type Locator, type Page, test } from "@playwright/test";
import { MARKETPLACE_COOKIE } from "@reelmart/core/constants";
import { fillAddress } from "./support/address.ts";
import { chooseOption } from "./support/product-options.ts";
import { rememberMarketplaceChoice } from "./support/returning-visitor.ts";
import { signUpViaApi } from "./support/sign-up.ts";

// The first real day (issue 40): a new owner builds a shop only through the admin screens (a brand
// with a logo, a category, products with uneven variant sets, an uploaded video and images, a product
// in two of three marketplaces), then a shopper on a phone buys every variant in stock and shares a
// video of the delivered order. Every card, grid, cart, order, watch page and share page must show the
// owner's own pictures, prices and titles. Nothing here reads the demo catalogue.

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "correct-horse-battery";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const ADDRESS = { name: "Meera Iyer", phone: "9812345678", line1: "4 Lake View Road", city: "Chennai", state: "Tamil Nadu", postalCode: "600001" };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const uniqueEmail = (tag: string) => `${tag}-${stamp}@example.test`;
const dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-e2e-owner-"));

// Names no demo row has, so a match can only be the owner's.
const BRAND = `Kaveri Clay ${stamp}`;
const CATEGORY = `Planters ${stamp}`;
const POT = { title: `Terracotta planter ${stamp}`, price: "1349", shown: "₹1,349.00" };
const MUG = { title: `Glazed mug ${stamp}`, price: "499.5", shown: "₹499.50" };

interface Marketplace {
  id: string;
  name: string;
}
interface Shop {
  brandId: string;
  pot: { id: string; videoId: string };
  mug: { id: string };
  listedIn: [Marketplace, Marketplace];
  notListedIn: Marketplace;
}

/** Real files, made with ffmpeg, as an owner's phone would have them. */
async function makeFile(name: string, args: string[]): Promise<string> {
  const file = path.join(dir, name);
  await run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args, file]);
  return file;
}
const picture = (name: string, colour: string) => makeFile(name, ["-f", "lavfi", "-i", `color=c=${colour}:s=640x640`, "-frames:v", "1"]);
const clip = (name: string) =>
  makeFile(name, [
    "-f", "lavfi", "-i", "testsrc2=s=360x640:r=30:d=1.5",
    "-f", "lavfi", "-i", "sine=frequency=440:duration=1.5",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
  ]);

let ownerCookies: Cookie[];
let shop: Shop;
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("owner");
  expect((await signUpViaApi(request, { data: { email, password: PASSWORD, name: "Meera Owner" } })).ok()).toBe(true);
  ownerCookies = (await request.storageState()).cookies;
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const { stdout } = await run(process.execPath, ["scripts/run-server-script.mjs", "admin", "grant", email], {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
  });
  expect(stdout).toContain(`${email} is now an admin.`);
});

/** The uploads region of the open product editor: uploads each file and waits until the editor lists it ready. */
async function uploadInEditor(page: Page, files: { file: string; kind: "video" | "image" }[]) {
  const uploader = page.getByRole("region", { name: "Upload media" });
  await uploader.locator('input[type="file"]').setInputFiles(files.map((entry) => entry.file));
  const media = page.getByRole("region", { name: "Media" });
  for (const { kind } of files) await expect(media.getByText(`${kind} · ready`).first()).toBeVisible({ timeout: 120_000 });
  await expect(media.getByText(/· ready/)).toHaveCount(files.length, { timeout: 120_000 });
}

async function saveProduct(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product saved").last()).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
}

/** Adds one variant row to the editor and fills it. */
async function addVariant(page: Page, variant: { size?: string; color?: string; hex?: string; stock: number }) {
  await page.getByRole("button", { name: "Add variant" }).click();
  const row = page.getByRole("region", { name: "Variants" }).getByRole("listitem").last();
  if (variant.size) await row.getByLabel("Size").fill(variant.size);
  if (variant.color) await row.getByLabel("Colour", { exact: true }).fill(variant.color);
  if (variant.hex) await row.getByLabel("Colour hex").fill(variant.hex);
  await row.getByLabel("Stock").fill(String(variant.stock));
}

/** From the products list: New, fill everything an owner fills, upload media, publish. Returns the id. */
async function createProduct(
  page: Page,
  product: { title: string; price: string },
  variants: Parameters<typeof addVariant>[1][],
  marketplaces: Marketplace[],
  media: { file: string; kind: "video" | "image" }[],
): Promise<string> {
  await page.goto("/admin/products");
  await page.getByRole("button", { name: "New", exact: true }).click();
  await page.getByLabel("Title", { exact: true }).fill(product.title);
  await page.getByLabel("Description", { exact: true }).fill("Hand thrown in Kanchipuram; each one a little different.");
  await page.getByLabel("Price (₹)", { exact: true }).fill(product.price);
  await page.getByLabel("Stock", { exact: true }).first().fill(String(variants.reduce((sum, variant) => sum + variant.stock, 0)));
  await page.getByLabel("Category", { exact: true }).selectOption(CATEGORY);
  await page.getByLabel("Brand", { exact: true }).selectOption({ label: BRAND });
  for (const variant of variants) await addVariant(page, variant);
  for (const marketplace of marketplaces) await page.getByRole("checkbox", { name: marketplace.name }).check();
  await page.getByLabel("Status", { exact: true }).selectOption("active");
  await saveProduct(page);
  await expect(page).toHaveURL(/\/admin\/products\/edit\/[\w-]+$/);
  const id = page.url().split("/").at(-1)!;
  await uploadInEditor(page, media);
  return id;
}

/** A picture the owner uploaded (stored media), never the placeholder or a demo file. */
const OWNER_PICTURE = /\/media\/product-media\/products\/[\w-]+\//;

/** Each of `count` product pictures in the region is one the owner uploaded (a missing one shows no img). */
async function expectOwnerPictures(region: Locator, count: number) {
  const pictures = region.locator("img");
  await expect(pictures).toHaveCount(count);
  const sources = await pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc || (image as HTMLImageElement).src));
  for (const source of sources) expect(source).toMatch(OWNER_PICTURE);
}

async function shopperPhone(browser: Browser, marketplace: Marketplace): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await context.addInitScript(rememberMarketplaceChoice, marketplace.id);
  await context.addCookies([{ name: MARKETPLACE_COOKIE, value: marketplace.id, domain: "127.0.0.1", path: "/" }]);
  return context.newPage();
}

test("laptop: the owner builds a shop with the admin screens alone", async ({ page, request }) => {
  test.setTimeout(420_000);
  await page.context().addCookies(ownerCookies);
  await page.setViewportSize(LAPTOP);
  const { items: marketplaces } = (await (await request.get("/api/marketplaces")).json()) as { items: Marketplace[] };
  expect(marketplaces.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = marketplaces as [Marketplace, Marketplace, Marketplace];

  await page.goto("/admin/categories");
  await page.getByLabel("New category").fill(CATEGORY);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("listitem").filter({ hasText: CATEGORY })).toBeVisible();

  await page.goto("/admin/brands");
  await page.getByRole("button", { name: "New brand" }).click();
  const dialog = page.getByRole("dialog", { name: "New brand" });
  await dialog.getByLabel("Name").fill(BRAND);
  await dialog.locator("#brand-logo").setInputFiles(await picture("logo.png", "orange"));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const { items: brands } = (await (await page.request.get("/api/admin/brands")).json()) as { items: { id: string; name: string; logoUrl: string | null }[] };
  const brand = brands.find((candidate) => candidate.name === BRAND)!;
  expect(brand.logoUrl).toMatch(/\.webp$/);

  // Sizes and colours that are not a grid (S/Red and L/Blue), and a colour-only set with one sold out.
  const potId = await createProduct(
    page,
    POT,
    [
      { size: "Small", color: "Red", hex: "#b22222", stock: 3 },
      { size: "Large", color: "Blue", hex: "#1e3a8a", stock: 4 },
    ],
    [first, second],
    [
      { file: await clip(`pot-turning-${stamp}.mp4`), kind: "video" },
      { file: await picture(`pot-front-${stamp}.png`, "sienna"), kind: "image" },
    ],
  );
  const mugId = await createProduct(
    page,
    MUG,
    [
      { color: "Black", stock: 0 },
      { color: "White", stock: 2 },
    ],
    [first],
    [{ file: await picture(`mug-${stamp}.png`, "white"), kind: "image" }],
  );

  const detail = (await (await page.request.get(`/api/admin/products/${potId}`)).json()) as { media: { id: string; type: string; title: string | null }[] };
  const video = detail.media.find((item) => item.type === "video")!;
  // A video is named for people, never by its file name.
  expect(video.title ?? "").not.toMatch(/\.mp4$/);
  shop = { brandId: brand.id, pot: { id: potId, videoId: video.id }, mug: { id: mugId }, listedIn: [first, second], notListedIn: third };
});

test("phone: a shopper sees the owner's pictures and prices everywhere and buys every variant in stock", async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await shopperPhone(browser, shop.listedIn[0]);
  expect((await signUpViaApi(page.request, { data: { email: uniqueEmail("buyer"), password: PASSWORD, name: "Arjun Buyer" } })).ok()).toBe(true);

  // The brand's shop: both products, each with the owner's picture and price.
  await page.goto(`/brand-shop/${shop.brandId}`);
  const grid = page.getByRole("list").filter({ hasText: POT.title });
  await expect(grid.getByText(MUG.title)).toBeVisible();
  await expect(grid.getByText(POT.shown).first()).toBeVisible();
  await expectOwnerPictures(grid, 2);

  // Search finds it with its picture.
  await page.goto(`/search?q=${encodeURIComponent(POT.title)}`);
  const result = page.getByRole("link", { name: new RegExp(POT.title) }).first();
  await expect(result).toBeVisible();
  await expectOwnerPictures(result, 1);

  // Uneven variants: Small/Red is offered first; Large moves the colour to Blue; both can be bought.
  await page.goto(`/product/${shop.pot.id}`);
  await expect(page.getByText(POT.shown).first()).toBeVisible();
  await chooseOption(page, "Large");
  await expect(page.getByRole("radio", { name: "Blue", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Add to cart" }).last().click();
  await expect(page.getByText("Added to cart").last()).toBeVisible();
  await chooseOption(page, "Small");
  await expect(page.getByRole("radio", { name: "Red", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Add to cart" }).last().click();
  await expect(page.getByText("Added to cart").last()).toBeVisible();

  // The sold-out colour cannot be chosen; the one in stock can.
  await page.goto(`/product/${shop.mug.id}`);
  await expect(page.getByRole("radio", { name: "Black (out of stock)" })).toBeDisabled();
  await chooseOption(page, "White");
  await page.getByRole("button", { name: "Add to cart" }).last().click();
  await expect(page.getByText("Added to cart").last()).toBeVisible();

  // The cart: three lines, each with the owner's picture, at the owner's prices.
  await page.goto("/cart");
  const lines = page.getByRole("list", { name: "Cart items" });
  await expect(lines.getByRole("listitem")).toHaveCount(3);
  await expectOwnerPictures(lines, 3);
  await expect(page.getByTestId("cart-total")).toHaveText("₹3,197.50");

  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await fillAddress(page, ADDRESS);
  await page.getByLabel("Cash on delivery").check();
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderLines = page.getByRole("list", { name: "Order lines" });
  await expect(orderLines).toContainText("Large / Blue");
  await expect(orderLines).toContainText("Small / Red");
  await expect(orderLines).toContainText("White");
  await expectOwnerPictures(orderLines, 3);
  const orderId = page.url().split("/").at(-1)!;

  // Every variant with stock was bought; the server agrees.
  const pot = (await (await page.request.get(`/api/products/${shop.pot.id}`)).json()) as { variants: { size: string; stock: number }[] };
  expect(pot.variants.map((variant) => [variant.size, variant.stock]).sort()).toEqual([["Large", 3], ["Small", 2]]);

  // The watch page of the owner's video: its title is not a file name, the product shows its picture.
  await page.goto(`/v/${shop.pot.videoId}`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/\.mp4$/);
  await expect(page.getByText(POT.title).first()).toBeVisible();
  const productLink = page.getByRole("link", { name: new RegExp(POT.title) }).first();
  await expectOwnerPictures(productLink, 1);

  // The share page crawlers and chat apps read: the owner's title, price and picture.
  const html = await (await page.request.get(`/product/${shop.pot.id}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${POT.title}`);
  expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${OWNER_PICTURE.source}`));

  // Listed in two marketplaces of three: a shopper in the third does not find it.
  const elsewhere = (await (await page.request.get(`/api/search?q=${encodeURIComponent(POT.title)}&marketplaceId=${shop.notListedIn.id}`)).json()) as { items: unknown[] };
  expect(elsewhere.items).toEqual([]);
  const inSecond = (await (await page.request.get(`/api/search?q=${encodeURIComponent(POT.title)}&marketplaceId=${shop.listedIn[1].id}`)).json()) as { items: unknown[] };
  expect(inSecond.items).toHaveLength(1);

  // The owner delivers the order; the buyer shares a video of what they received.
  const owner = await browser.newPage({ viewport: LAPTOP });
  await owner.context().addCookies(ownerCookies);
  await owner.goto(`/admin/orders/${orderId}`);
  await owner.getByRole("button", { name: "Mark shipped" }).click();
  await expect(owner.getByTestId("admin-order-status")).toHaveText("Shipped");
  await owner.getByRole("button", { name: "Mark delivered" }).click();
  await expect(owner.getByTestId("admin-order-status")).toHaveText("Delivered");
  await owner.close();

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  await page.goto(`/product-profile/${shop.pot.id}`);
  await page.getByRole("button", { name: "Share your video" }).click();
  await page.locator('input[type="file"]').setInputFiles(await clip(`unboxing-${stamp}.mp4`));
  await expect(page.getByText("Uploaded. Your video is waiting for review; its status is on your profile.")).toBeVisible({ timeout: 60_000 });
  await page.context().close();
});
