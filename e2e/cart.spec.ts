import { type APIRequestContext, expect, test } from "@playwright/test";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { asReturningVisitor } from "./support/returning-visitor.ts";
import { signUpViaApi } from "./support/sign-up.ts";

// The demo catalogue seeds right after the server starts listening; wait for a product with stock.
interface Product {
  id: string;
  title: string;
  price: string;
  discountPercentage: number;
  stock: number;
}

async function firstProduct(request: APIRequestContext): Promise<Product> {
  let product: Product | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get("/api/products?limit=20")).json()) as { items: Product[] };
        product = body.items.find((item) => item.stock >= 3);
        return Boolean(product);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return product as Product;
}

/** The cart charges the discounted unit price, rounded to the whole rupee when discounted (decision 120). */
function lineTotal(product: Product, quantity: number): string {
  const listPaise = Math.round(Number(product.price) * 100);
  const basisPoints = Math.round(product.discountPercentage * 100);
  const paise = basisPoints === 0 ? listPaise : Math.round((listPaise * (10_000 - basisPoints)) / 1_000_000) * 100;
  return formatPrice(fromPaise(paise * quantity));
}

test("signed out, add to cart asks to sign in; signed in, the cart adds, counts, totals and clears", async ({ page }) => {
  const product = await firstProduct(page.request);
  await asReturningVisitor(page, page.request);

  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).last().click();
  await expect(page.getByText("Authentication required")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  const email = `cart-${Date.now()}@example.test`;
  const signUp = await signUpViaApi(page.request, {
    data: { email, password: "correct-horse-battery", name: "Cart Tester" },
  });
  expect(signUp.ok()).toBe(true);

  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).last().click();
  await expect(page.getByText("Added to cart")).toBeVisible();

  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  const line = page.getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("group", { name: `Quantity of ${product.title}` })).toContainText("2");
  await expect(page.getByTestId("cart-total")).toHaveText(lineTotal(product, 2));
  await page.screenshot({ path: "/tmp/cart-page.png" });

  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(page.getByTestId("cart-total")).toHaveText(lineTotal(product, 3));
  await page.reload();
  await expect(page.getByTestId("cart-total")).toHaveText(lineTotal(product, 3));

  await page.getByRole("button", { name: "Decrease quantity" }).click();
  await expect(page.getByTestId("cart-total")).toHaveText(lineTotal(product, 2));
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("the cart page sends signed-out visitors to sign in", async ({ page }) => {
  await asReturningVisitor(page, page.request);
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Authentication required")).toBeVisible();
});
