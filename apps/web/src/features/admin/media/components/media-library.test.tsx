import type { LibraryItem, MediaLibraryPage } from "@reelmart/core/api/media";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MediaLibrary } from "./media-library.tsx";

// Decision 209: an uploaded video has no title of its own until the owner gives it one in the
// library (or the product editor); left empty, it goes by its product's title.

const VIDEO: LibraryItem = {
  id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  productId: "0b8c8c9e-6a39-4b9e-8a59-5d0b2f0c3a11",
  productTitle: "Walnut stool",
  type: "video",
  category: "product",
  title: null,
  url: "/media/product-media/products/p/optimized-1-240.mp4",
  thumbnailUrl: "/media/product-media/products/p/optimized-1-240-thumbnail.jpg",
  captionsUrl: null,
  status: "ready",
  isMain: true,
  isCover: false,
  duration: 4,
  width: 240,
  height: 426,
  renditions: [{ width: 240, height: 426, url: "/media/product-media/products/p/optimized-1-240.mp4", bytes: 1000 }],
  error: null,
  job: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

/** The admin API as far as the library reads it; every rename is recorded, and `refusal` answers the next one. */
function stubAdminApi(refusal?: { status: number; body: unknown }) {
  const renames: unknown[] = [];
  let item = VIDEO;
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input), window.location.origin).pathname;
      if (path === `/api/admin/media/${VIDEO.id}` && init?.method === "PATCH") {
        if (refusal) {
          const answer = refusal;
          refusal = undefined;
          return json(answer.body, answer.status);
        }
        const body = JSON.parse(String(init.body)) as { title: string | null };
        renames.push(body);
        item = { ...item, title: body.title };
        return json({ id: item.id, productId: item.productId, title: item.title, category: item.category });
      }
      if (path === "/api/admin/media-library") return json({ items: [item], nextCursor: null } satisfies MediaLibraryPage);
      if (path === "/api/products") return json({ items: [{ id: VIDEO.productId, title: VIDEO.productTitle }], nextCursor: null });
      return json({ error: { code: "not_found", message: "Not here" } }, 404);
    }),
  );
  return renames;
}

async function renderLibrary() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/admin/media", element: <MediaLibrary progress={{}} /> }], { initialEntries: ["/admin/media"] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.findByRole("listitem", { name: "Video of Walnut stool" });
}

const rename = async (card: HTMLElement, title: string) => {
  fireEvent.change(within(card).getByLabelText(/Title$/), { target: { value: title } });
  await act(async () => {
    fireEvent.click(within(card).getByRole("button", { name: "Rename" }));
  });
};

describe("renaming media in the library", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the product's title while the video has none, saves the one typed, and clears it back", async () => {
    const renames = stubAdminApi();
    const card = await renderLibrary();
    const field = within(card).getByLabelText(/Title$/) as HTMLInputElement;
    expect(field.value).toBe("");
    expect(field.placeholder).toBe("Walnut stool");
    expect(within(card).getByRole("button", { name: "Rename" })).toBeDisabled();

    await rename(card, "  The stool, unboxed ");
    const renamed = await screen.findByRole("listitem", { name: "The stool, unboxed" });
    expect(renames).toEqual([{ title: "The stool, unboxed" }]);

    await rename(renamed, "   ");
    await screen.findByRole("listitem", { name: "Video of Walnut stool" });
    expect(renames).toEqual([{ title: "The stool, unboxed" }, { title: null }]);
  });

  it("shows the server's refusal under the field, in its words", async () => {
    const refusal = { error: { code: "bad_request", message: "Title can be at most 200 characters", field: "title" } };
    stubAdminApi({ status: 400, body: refusal });
    const card = await renderLibrary();
    await rename(card, "x".repeat(20));
    const field = within(card).getByLabelText(/Title$/);
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(document.getElementById(field.getAttribute("aria-describedby")!)).toHaveTextContent("Title can be at most 200 characters");
  });
});
