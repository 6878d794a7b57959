import type { AdminProduct } from "@reelmart/core/api/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/engagement/fake-event-source.test-helper.ts";
import { NewProductPage, ProductEditorPage } from "./product-editor-page.tsx";

// Decision 215: visiting New stores nothing; the first save makes the product, then its editor opens.

const CREATED_ID = "0b8c8c9e-6a39-4b9e-8a59-5d0b2f0c3a11";

/** The admin API at the fetch level; every request other than a GET is recorded. */
function stubAdminApi() {
  const writes: { method: string; path: string; body: unknown }[] = [];
  let stored: AdminProduct | null = null;
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), window.location.origin).pathname;
      const method = init?.method ?? "GET";
      if (method !== "GET") writes.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === "/api/admin/products" && method === "POST") {
        const body = JSON.parse(String(init?.body)) as Omit<AdminProduct, "id" | "createdAt" | "updatedAt" | "media" | "marketplaceIds">;
        stored = { ...body, id: CREATED_ID, media: [], marketplaceIds: [], promotion: null, variants: [], specifications: {}, version: 1, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" } as AdminProduct;
        return json({ id: CREATED_ID }, 201);
      }
      if (path === `/api/admin/products/${CREATED_ID}` && stored) return json(stored);
      if (path === "/api/admin/brands" || path === "/api/admin/marketplaces") return json({ items: [] });
      if (path === "/api/admin/categories") return json({ items: [{ name: "other", productCount: 0 }] });
      return json({ error: { code: "not_found", message: "Not here" } }, 404);
    }),
  );
  vi.stubGlobal("EventSource", FakeEventSource);
  return writes;
}

describe("NewProductPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("stores nothing on a visit, makes the product with the first save and opens its editor", { timeout: 20_000 }, async () => {
    const writes = stubAdminApi();
    const router = createMemoryRouter(
      [
        { path: "/admin/products/new", element: <NewProductPage /> },
        { path: "/admin/products/edit/:id", element: <ProductEditorPage /> },
      ],
      { initialEntries: ["/admin/products/new"] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const title = await screen.findByLabelText("Title", {}, { timeout: 5_000 });
    expect(screen.getByText("Save the product to add photos and videos.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete product" })).toBeNull();
    expect(writes).toEqual([]);

    fireEvent.change(title, { target: { value: "Reading lamp" } });
    fireEvent.change(screen.getAllByLabelText("Stock")[0]!, { target: { value: "12" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/products/edit/${CREATED_ID}`), { timeout: 5_000 });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: "POST", path: "/api/admin/products", body: { title: "Reading lamp", stock: 12, status: "draft", category: "other" } });
    expect(await screen.findByText(/Last saved/, {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
