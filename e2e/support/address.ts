import type { Page } from "@playwright/test";

export interface IndianAddress {
  name: string;
  phone: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
}

/** Fills checkout's new-address form, each field by the label a shopper reads. */
export async function fillAddress(page: Page, address: IndianAddress) {
  await page.getByLabel("Full name").fill(address.name);
  await page.getByLabel("Mobile number").fill(address.phone);
  await page.getByLabel("Flat, house no., building").fill(address.line1);
  await page.getByLabel("Town or city").fill(address.city);
  await page.getByLabel("State or union territory").selectOption(address.state);
  await page.getByLabel("PIN code").fill(address.postalCode);
}
