import { expect, test } from "@playwright/test";

test("the storefront serves its shell and a healthy API", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(await health.json()).toEqual({ status: "ok", db: "pglite" });
  await page.goto("/");
  await expect(page).toHaveTitle("Reelmart");
});
