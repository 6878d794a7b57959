import type { AdminProduct } from "@reelmart/core/api/admin";
import { developerTextIn } from "@reelmart/core/api/developer-text.test-helper";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/engagement/fake-event-source.test-helper.ts";
import { ProductEditorPage } from "./product-editor-page.tsx";

// Decision 213: the product editor's refusals are the core schema's sentences, naming the field as
// the form labels it, and the price hint never shows an amount the save would refuse.

const PRODUCT: AdminProduct = {
  id: "0b8c8c9e-6a39-4b9e-8a59-5d0b2f0c3a11",
  title: "Linen shirt",
  description: "Cool in summer",
  price: "1299.00",
  discountPercentage: 10,
  category: "shirts",
  stock: 5,
  status: "draft",
  brandId: null,
  specifications: {},
  highlights: [],
  promotion: null,
  variants: [{ id: "4d7f1a52-2c1e-4f0e-9b0a-7e6d5c4b3a21", size: "M", color: "Blue", colorHex: "#1a2b3c", stock: 2, priceAdjustment: "0.00", imageUrl: null }],
  marketplaceIds: [],
  media: [],
  version: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/** The admin API as far as the editor reads it: the product and its choice lists; every save is recorded. */
function stubAdminApi() {
  const saves: unknown[] = [];
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), window.location.origin).pathname;
      if (path === `/api/admin/products/${PRODUCT.id}` && init?.method === "PUT") {
        saves.push(JSON.parse(String(init.body)));
        return json(PRODUCT);
      }
      if (path === `/api/admin/products/${PRODUCT.id}`) return json(PRODUCT);
      if (path === "/api/admin/brands" || path === "/api/admin/marketplaces") return json({ items: [] });
      if (path === "/api/admin/categories") return json({ items: [{ name: "shirts", productCount: 1 }] });
      return json({ error: { code: "not_found", message: "Not here" } }, 404);
    }),
  );
  vi.stubGlobal("EventSource", FakeEventSource);
  return saves;
}

async function renderEditor() {
  const saves = stubAdminApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/admin/products/edit/:id", element: <ProductEditorPage /> }], { initialEntries: [`/admin/products/edit/${PRODUCT.id}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByLabelText("Title");
  return saves;
}

/** The nth control labelled `label` (the product's Stock is the first, a variant's the second). */
const control = (label: string, nth = 0) => screen.getAllByLabelText(label)[nth] as HTMLInputElement;
const shownError = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent ?? null;
const shownHint = (input: HTMLElement) => document.getElementById(`${input.id}-hint`)?.textContent ?? null;

async function typeAndSave(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
  });
}

// Whole pages render here: the first test of a file warms its modules, which on a busy 2-core machine passes 5 s.
describe("the product editor's refusals", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  const cases: [label: string, nth: number, value: string, sentence: string][] = [
    ["Title", 0, "", "Title is required"],
    ["Title", 0, "x".repeat(301), "Title can be at most 300 characters"],
    ["Price (₹)", 0, "", "Price is required"],
    ["Price (₹)", 0, "-5", "Price must be between ₹0.00 and ₹9,99,99,99,999.99"],
    ["Price (₹)", 0, "abc", "Price must be an amount in rupees, like 1299 or 1299.50"],
    ["Price (₹)", 0, "99999999999", "Price must be between ₹0.00 and ₹9,99,99,99,999.99"],
    ["Price (₹)", 0, "12.345", "Price can have at most 2 decimal places"],
    ["Discount %", 0, "", "Discount is required"],
    ["Discount %", 0, "abc", "Discount must be a number"],
    ["Discount %", 0, "-1", "Discount can't be negative"],
    ["Discount %", 0, "150", "Discount can be at most 100%"],
    ["Stock", 0, "", "Stock is required"],
    ["Stock", 0, "ten", "Stock must be a number"],
    ["Stock", 0, "-3", "Stock can't be negative"],
    ["Stock", 0, "2.5", "Stock must be a whole number"],
    ["Stock", 0, "99999999999", "Stock can be at most 1,00,00,000"],
    ["Stock", 1, "-1", "Stock can't be negative"],
    ["Stock", 1, "2000000", "Stock can be at most 10,00,000"],
    ["Price +/- (₹)", 0, "abc", "Price +/- must be an amount in rupees, like 1299 or 1299.50"],
    ["Price +/- (₹)", 0, "1.999", "Price +/- can have at most 2 decimal places"],
    ["Colour hex", 0, "blue", "Colour hex must be a colour like #1a2b3c"],
  ];

  const named = cases.map(([label, nth, value, sentence]) => [`${label} #${nth + 1} given ${JSON.stringify(value.slice(0, 12))}`, label, nth, value, sentence] as const);
  it.each(named)("%s: says so in words and saves nothing", async (_name, label, nth, value, sentence) => {
    const saves = await renderEditor();
    const input = control(label, nth);
    await typeAndSave(input, value);
    await waitFor(() => expect(shownError(input)).toBe(sentence));
    expect(developerTextIn(sentence)).toBeUndefined();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(saves).toEqual([]);
  });

  it("shows the price back formatted only while it is a price the save accepts", async () => {
    await renderEditor();
    const price = control("Price (₹)");
    expect(shownHint(price)).toBe("₹1,299.00");
    for (const refused of ["-5", "abc", "99999999999", "12.345", ""]) {
      fireEvent.change(price, { target: { value: refused } });
      expect(shownHint(price), refused).toBeNull();
    }
    fireEvent.change(price, { target: { value: "2499.5" } });
    expect(shownHint(price)).toBe("₹2,499.50");
  });

  it("shows the server's refusal under the field it names", async () => {
    const saves = await renderEditor();
    const refusal = { error: { code: "bad_request", message: "That brand no longer exists; choose another", field: "brandId" } };
    vi.mocked(fetch).mockImplementationOnce(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 400, headers: { "content-type": "application/json" } })));
    await typeAndSave(control("Title"), "Linen shirt, blue");
    const brand = control("Brand");
    await waitFor(() => expect(shownError(brand)).toBe("That brand no longer exists; choose another"));
    expect(saves).toEqual([]);
  });

  it("saves typed numbers as numbers", async () => {
    const saves = await renderEditor();
    await typeAndSave(control("Stock"), "12");
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ stock: 12, discountPercentage: 10, price: "1299.00", variants: [{ stock: 2 }] });
  });
});
