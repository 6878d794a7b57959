import { asReturningVisitor } from "./support/returning-visitor.ts";
import { expect, test } from "@playwright/test";

// Search that forgives typos (issue #16) on /search, against the seeded demo catalogue at 390x844.

test.beforeEach(async ({ page }) => {
  // The demo catalogue seeds right after the server starts listening.
  await expect
    .poll(async () => ((await (await page.request.get("/api/products?limit=20")).json()) as { items: unknown[] }).items.length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  await asReturningVisitor(page, page.request);
});

test("typing a misspelling shows the product, says what it searched for, and filters by a facet", async ({ page }) => {
  await page.goto("/search");
  await expect(page.getByTestId("splash")).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole("searchbox").pressSequentially("headhpones", { delay: 40 });

  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link", { name: /Nimbus Pods Pro Headphones/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "headphones" })).toBeVisible(); // "Did you mean headphones?"
  await expect(page).toHaveURL(/\?q=headhpones/);

  // Enter closes the suggestions, as a shopper would before refining (the list overlays the facets).
  await page.getByRole("searchbox").press("Enter");
  await expect(page.getByRole("list", { name: "Suggestions" })).toBeHidden();

  // The Audio facet's count is the number of results it leaves.
  const audio = page.getByRole("group", { name: "Filters" }).getByRole("button", { name: /^Audio \((\d+)\)$/ });
  const count = Number((await audio.textContent())?.match(/\((\d+)\)/)?.[1]);
  await audio.click();
  await expect(audio).toHaveAttribute("aria-pressed", "true");
  await expect(results.getByRole("listitem")).toHaveCount(count);
  await expect(page.getByText(count === 1 ? "1 product found" : `${count} products found`)).toBeVisible();
});
