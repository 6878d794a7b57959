import { developerTextIn } from "@reelmart/core/api/developer-text.test-helper";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BrandsPage } from "./brands/brands-page.tsx";
import { CategoriesPage } from "./categories/categories-page.tsx";
import { MarketplacesSettings } from "./settings/marketplaces-settings.tsx";
import { SettingsPage } from "./settings/settings-page.tsx";

// Decision 213: the brand, category, marketplace and store forms refuse bad input in the core
// schemas' sentences, naming the field as the form labels it; nothing is sent.

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

/** The admin API's lists, empty but for the settings; every write is recorded. */
function stubAdminApi() {
  const writes: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), window.location.origin).pathname;
      if (init?.method && init.method !== "GET") {
        writes.push(`${init.method} ${path}`);
        return json({}, 500);
      }
      if (path === "/api/admin/settings") return json({ storeName: "Reelmart", splashBrandName: "Reelmart", splashLogoUrl: null });
      return json({ items: [] });
    }),
  );
  return writes;
}

function renderPage(page: ReactNode) {
  const writes = stubAdminApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return writes;
}

const shownError = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent ?? null;

/** Types `value` into the field labelled `label` (inside `scope`), submits with `submit` and returns the words shown under the field. */
async function refuse(scope: HTMLElement, label: string, value: string, submit: string) {
  const input = within(scope).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.click(within(scope).getByRole("button", { name: submit }));
  });
  await waitFor(() => expect(shownError(input)).not.toBeNull());
  return shownError(input)!;
}

const tooLong = (length: number) => "x".repeat(length + 1);

// Whole pages render here: the first test of a file warms its modules, which on a busy 2-core machine passes 5 s.
describe("the admin forms' refusals", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ["Name", "empty", "", "Name is required"],
    ["Name", "too long", tooLong(120), "Name can be at most 120 characters"],
    ["Description", "too long", tooLong(2000), "Description can be at most 2,000 characters"],
    ["Website", "without https://", "acme.example", "Website must be a web address starting with https://"],
    ["Website", "ftp", "ftp://acme.example", "Website must be a web address starting with https://"],
  ])("brand: %s %s", async (label, _what, value, sentence) => {
    const writes = renderPage(<BrandsPage />);
    fireEvent.click(await screen.findByRole("button", { name: "New brand" }));
    const dialog = await screen.findByRole("dialog");
    if (label !== "Name") fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Acme" } });
    const shown = await refuse(dialog, label, value, "Save brand");
    expect(shown).toBe(sentence);
    expect(developerTextIn(shown)).toBeUndefined();
    expect(writes).toEqual([]);
  });

  it.each([
    ["empty", "", "Category name is required"],
    ["blank", "   ", "Category name is required"],
    ["too long", tooLong(100), "Category name can be at most 100 characters"],
    ["with a control character", "a\u0007b", "Category name has characters that can't be saved; remove them and try again"],
  ])("category: New category %s", async (_what, value, sentence) => {
    const writes = renderPage(<CategoriesPage />);
    const form = (await screen.findByLabelText("New category")).closest("form")!;
    expect(await refuse(form, "New category", value, "Add")).toBe(sentence);
    expect(developerTextIn(sentence)).toBeUndefined();
    expect(writes).toEqual([]);
  });

  it.each([
    ["Name", "empty", "", "Name is required"],
    ["Tagline", "too long", tooLong(200), "Tagline can be at most 200 characters"],
    ["Flag image URL", "empty", "", "Flag image URL is required"],
    ["Flag image URL", "a bare file name", "flag.png", "Flag image URL must be a web address starting with https:// or an uploaded file"],
  ])("marketplace: %s %s", async (label, _what, value, sentence) => {
    const writes = renderPage(<MarketplacesSettings />);
    fireEvent.click(await screen.findByRole("button", { name: "Add marketplace" }));
    const dialog = await screen.findByRole("dialog");
    if (label !== "Name") fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "India" } });
    if (label !== "Flag image URL") fireEvent.change(within(dialog).getByLabelText("Flag image URL"), { target: { value: "/flags/in.svg" } });
    expect(await refuse(dialog, label, value, "Save marketplace")).toBe(sentence);
    expect(developerTextIn(sentence)).toBeUndefined();
    expect(writes).toEqual([]);
  });

  it.each([
    ["Store name", "empty", "", "Store name is required"],
    ["Store name", "too long", tooLong(100), "Store name can be at most 100 characters"],
    ["Splash brand name", "blank", " ", "Splash brand name is required"],
  ])("store settings: %s %s", async (label, _what, value, sentence) => {
    const writes = renderPage(<SettingsPage />);
    const form = (await screen.findByLabelText("Store name")).closest("form")!;
    const submit = within(form).getByRole("button", { name: /save/i }).textContent!;
    expect(await refuse(form, label, value, submit)).toBe(sentence);
    expect(developerTextIn(sentence)).toBeUndefined();
    expect(writes).toEqual([]);
  });
});
