import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { fillAddress } from "./support/address.ts";
import { chooseOption } from "./support/product-options.ts";
import { rememberMarketplaceChoice } from "./support/returning-visitor.ts";
import { signUpViaApi } from "./support/sign-up.ts";

// Checkout and orders (issue #13) as shoppers and an admin meet them: a size chosen on the product
// page, cash on delivery, the order in /orders, cancelled with its stock back; online payment through the local Razorpay stand-in
// (playwright.config.ts starts it, decision 101), confirmed only by its signed webhook and callback;
// stock that goes down and a sold-out size that cannot be bought; an admin who ships the order.

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "correct-horse-battery";

const ADDRESS = { name: "Asha Rao", phone: "9876543210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001" };

interface Variant {
  id: string;
  size: string | null;
  color: string | null;
  stock: number;
}
interface Product {
  id: string;
  title: string;
  variants: Variant[];
}

/** Signs a new shopper in on this page's context (the page and page.request share cookies). */
async function signUp(page: Page, tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const response = await signUpViaApi(page.request, { data: { email, password: PASSWORD, name: tag } });
  expect(response.ok()).toBe(true);
  return email;
}

/** The India marketplace (checkout's complete address rules), chosen today so its picker stays closed. */
async function shopInIndia(page: Page): Promise<string> {
  let india: { id: string } | undefined;
  await expect
    .poll(
      async () => {
        const { items } = (await (await page.request.get("/api/marketplaces")).json()) as { items: { id: string; name: string }[] };
        india = items.find((marketplace) => marketplace.name === "India");
        return Boolean(india);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.addInitScript(rememberMarketplaceChoice, india!.id);
  return india!.id;
}

/** A demo product by title, with its variants' current stock (the demo catalogue seeds after boot). */
async function product(request: APIRequestContext, title: string): Promise<Product> {
  let found: { id: string } | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get("/api/products?limit=50")).json()) as { items: { id: string; title: string }[] };
        found = body.items.find((item) => item.title === title);
        return Boolean(found);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return (await (await request.get(`/api/products/${found!.id}`)).json()) as Product;
}

const variantStock = async (request: APIRequestContext, productId: string, variantId: string) =>
  ((await (await request.get(`/api/products/${productId}`)).json()) as Product).variants.find((variant) => variant.id === variantId)?.stock;

test("a shopper picks a size, pays cash on delivery, finds and cancels the order; stock follows, and a sold-out size cannot be bought", async ({ page, browser }) => {
  const india = await shopInIndia(page);
  const hoodie = await product(page.request, "Stride Everyday Hoodie");
  const mediumForest = hoodie.variants.find((variant) => variant.size === "M" && variant.color === "Forest")!;

  // Another shopper buys every last Silver laptop first.
  const laptop = await product(page.request, "Voltix ProBook 14 Laptop");
  const silver = laptop.variants.find((variant) => variant.color === "Silver")!;
  const rival = await browser.newPage();
  await signUp(rival, "rival");
  expect((await rival.request.post("/api/cart/items", { data: { productId: laptop.id, variantId: silver.id, quantity: silver.stock } })).ok()).toBe(true);
  const rivalOrder = await rival.request.post("/api/orders", {
    data: { marketplaceId: india, paymentMethod: "cod", address: { ...ADDRESS, countryCode: "IN" } },
  });
  expect(rivalOrder.status()).toBe(201);
  await rival.close();

  await signUp(page, "cod-shopper");
  await page.goto(`/product/${hoodie.id}`);
  await chooseOption(page, "M");
  await chooseOption(page, "Forest");
  await page.getByRole("button", { name: "Add to cart" }).last().click();
  await expect(page.getByText("Added to cart")).toBeVisible();

  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillAddress(page, ADDRESS);
  await page.getByLabel("PIN code").fill("56000");
  await page.getByRole("button", { name: /^Place order/ }).click();
  await expect(page.getByText("Enter a valid 6-digit PIN code")).toBeVisible();
  await page.getByLabel("PIN code").fill(ADDRESS.postalCode);
  await page.getByLabel("Cash on delivery").check();
  // A double click is one order (the page sends one Idempotency-Key for the same body).
  await page.getByRole("button", { name: /^Place order/ }).dblclick();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Placed");
  await expect(page.getByTestId("payment-status")).toHaveText("Pay on delivery");
  await expect(page.getByRole("list", { name: "Order lines" })).toContainText("Stride Everyday Hoodie");
  await expect(page.getByRole("list", { name: "Order lines" })).toContainText("M / Forest");
  const orderUrl = page.url();
  expect(await variantStock(page.request, hoodie.id, mediumForest.id)).toBe(mediumForest.stock - 1);

  await page.goto("/orders");
  await expect(page.getByRole("list", { name: "Orders" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("list", { name: "Orders" }).getByRole("link", { name: /, Placed, / }).click();
  await expect(page).toHaveURL(orderUrl);
  await expect(page.getByRole("heading", { name: /^Order #\d+$/ })).toBeVisible();

  // Cancelling asks first; once cancelled, the size is back in stock.
  await page.getByRole("button", { name: "Cancel order" }).click();
  const ask = page.getByRole("dialog", { name: /^Cancel order #\d+\?$/ });
  await expect(ask).toContainText("Nothing will be charged and there is no cancellation fee.");
  await ask.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  expect(await variantStock(page.request, hoodie.id, mediumForest.id)).toBe(mediumForest.stock);

  // The Silver laptop is gone: the product page will not offer it, and the server will not add it.
  expect(await variantStock(page.request, laptop.id, silver.id)).toBe(0);
  await page.goto(`/product/${laptop.id}`);
  await chooseOption(page, "16 GB / 1 TB");
  await expect(page.getByRole("radio", { name: "Silver (out of stock)" })).toBeDisabled();
  const refused = await page.request.post("/api/cart/items", { data: { productId: laptop.id, variantId: silver.id, quantity: 1 } });
  expect(refused.status()).toBe(409);
});

test("a shopper pays online; the order is confirmed only after the provider's signed webhook", async ({ page }) => {
  await shopInIndia(page);
  const plug = await product(page.request, "Voltix Smart Plug Duo");
  await signUp(page, "online-shopper");
  expect((await page.request.post("/api/cart/items", { data: { productId: plug.id, variantId: plug.variants[0]!.id, quantity: 1 } })).ok()).toBe(true);

  await page.goto("/checkout");
  await fillAddress(page, ADDRESS);
  await page.getByLabel("Pay online").check();
  await page.getByRole("button", { name: /^Place order/ }).click();

  // The stand-in's checkout sheet: paying there sends the signed webhook, then hands the page the signed fields.
  const razorpay = page.getByRole("dialog", { name: "Razorpay test checkout" });
  await razorpay.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Placed");
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByRole("list", { name: "Order timeline" })).toContainText("Payment received");

  // A webhook nobody signed changes nothing.
  const forged = await page.request.post("/api/payments/razorpay/webhook", {
    headers: { "x-razorpay-signature": "0".repeat(64), "x-razorpay-event-id": "evt_forged" },
    data: { event: "payment.captured", payload: {} },
  });
  expect(forged.status()).toBe(400);
});

test.describe("on a desktop screen", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("an admin ships an order from the Orders section and the shopper sees it shipped", async ({ page, browser }) => {
    const india = await shopInIndia(page);
    const lamp = await product(page.request, "Hearth Ceramic Table Lamp");

    const shopper = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await shopInIndia(shopper);
    await signUp(shopper, "shipped-shopper");
    expect((await shopper.request.post("/api/cart/items", { data: { productId: lamp.id, variantId: lamp.variants[0]!.id, quantity: 1 } })).ok()).toBe(true);
    const placed = await shopper.request.post("/api/orders", { data: { marketplaceId: india, paymentMethod: "cod", address: { ...ADDRESS, countryCode: "IN" } } });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { id: string; number: string };

    const adminEmail = await signUp(page, "orders-admin");
    const { DATABASE_URL: _postgres, ...env } = process.env;
    await run(process.execPath, ["scripts/run-server-script.mjs", "admin", "grant", adminEmail], { cwd: REPO_ROOT, env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" } });

    await page.goto("/admin/orders");
    const orders = page.getByRole("table", { name: "Orders" });
    await orders.getByRole("link", { name: `#${order.number}` }).click();
    await expect(page.getByRole("heading", { name: `Order #${order.number}` })).toBeVisible();
    await page.getByLabel("Note for the timeline (optional)").fill("Courier picked it up");
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByTestId("admin-order-status")).toHaveText("Shipped");

    await shopper.goto(`/orders/${order.id}`);
    await expect(shopper.getByTestId("order-status")).toHaveText("Shipped");
    await expect(shopper.getByTestId("delivery-status")).toHaveText("On the way");
    await expect(shopper.getByRole("list", { name: "Order timeline" })).toContainText("Courier picked it up");
    await expect(shopper.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    await shopper.close();
  });
});
