import type { AdminProduct } from "@reelmart/core/api/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/engagement/fake-event-source.test-helper.ts";
import { ProductEditorPage } from "./product-editor-page.tsx";

// Decision 209: the product editor renames a product's media with the rest of the product; a media
// item left without a title goes by the product's title, which the field offers as its placeholder.

const VIDEO_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const PRODUCT: AdminProduct = {
  id: "0b8c8c9e-6a39-4b9e-8a59-5d0b2f0c3a11",
  title: "Walnut stool",
  description: "",
  price: "3499.00",
  discountPercentage: 0,
  category: "furniture",
  stock: 5,
  status: "active",
  brandId: null,
  specifications: {},
  highlights: [],
  promotion: null,
  variants: [],
  marketplaceIds: [],
  media: [
    {
      id: VIDEO_ID,
      url: "/media/product-media/products/p/optimized-1-240.mp4",
      type: "video",
      category: "product",
      title: null,
      thumbnailUrl: "/media/product-media/products/p/optimized-1-240-thumbnail.jpg",
      status: "ready",
      isMain: true,
      isCover: false,
      displayOrder: 0,
      displayOnLandingPage: true,
      displayOnProfilePage: true,
    },
  ],
  version: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/** The admin API as far as the editor reads it; every save is recorded, and `refusal` answers the first. */
function stubAdminApi(refusal?: unknown) {
  const saves: { media: { id: string; title?: string | null }[] }[] = [];
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), window.location.origin).pathname;
      if (path === `/api/admin/products/${PRODUCT.id}` && init?.method === "PUT") {
        if (refusal) {
          const answer = refusal;
          refusal = undefined;
          return json(answer, 400);
        }
        const body = JSON.parse(String(init.body)) as (typeof saves)[number];
        saves.push(body);
        return json({ ...PRODUCT, version: PRODUCT.version + 1, media: PRODUCT.media.map((item) => ({ ...item, title: body.media[0]?.title ?? null })) });
      }
      if (path === `/api/admin/products/${PRODUCT.id}`) return json(PRODUCT);
      if (path === "/api/admin/brands" || path === "/api/admin/marketplaces") return json({ items: [] });
      if (path === "/api/admin/categories") return json({ items: [{ name: "furniture", productCount: 1 }] });
      return json({ error: { code: "not_found", message: "Not here" } }, 404);
    }),
  );
  vi.stubGlobal("EventSource", FakeEventSource);
  return saves;
}

async function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/admin/products/edit/:id", element: <ProductEditorPage /> }], { initialEntries: [`/admin/products/edit/${PRODUCT.id}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return (await screen.findByLabelText("Video 1 Title")) as HTMLInputElement;
}

async function typeAndSave(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
  });
}

describe("a media item's title in the product editor", () => {
  afterEach(() => vi.unstubAllGlobals());

  // Two saves through the whole editor: more than the default 5 s on a busy two-core machine.
  it("offers the product's title, saves the one typed with the product, and a blank one as none", { timeout: 20_000 }, async () => {
    const saves = stubAdminApi();
    const field = await renderEditor();
    expect(field.value).toBe("");
    expect(field.placeholder).toBe("Walnut stool");

    await typeAndSave(field, "The stool, unboxed");
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.media).toEqual([expect.objectContaining({ id: VIDEO_ID, title: "The stool, unboxed" })]);

    const saved = (await screen.findByDisplayValue("The stool, unboxed")) as HTMLInputElement;
    await typeAndSave(saved, "  ");
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.media).toEqual([expect.objectContaining({ id: VIDEO_ID, title: null })]);
  });

  it("shows a refusal of the title under the field", async () => {
    stubAdminApi({ error: { code: "bad_request", message: "Title can be at most 200 characters", field: "media.0.title" } });
    const field = await renderEditor();
    await typeAndSave(field, "A long title");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(document.getElementById(field.getAttribute("aria-describedby")!)).toHaveTextContent("Title can be at most 200 characters");
  });
});
