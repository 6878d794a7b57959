import { expect, type Page } from "@playwright/test";

/** Picks a size or colour on the product page: its radio is visually hidden inside the pill, so tap the pill. */
export async function chooseOption(page: Page, option: string) {
  const radio = page.getByRole("radio", { name: option, exact: true });
  await page.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}
