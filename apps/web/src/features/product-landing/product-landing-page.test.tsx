import type { ProductDetail } from "@reelmart/core/api/catalog";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProductLandingPage } from "./product-landing-page.tsx";

const PRODUCT_ID = "33333333-3333-4333-8333-333333333333";
const USER = { id: "u1", email: "a@example.test", name: "a", firstName: null, lastName: null, avatarUrl: null, isAdmin: false };

let variantCount = 0;
const variant = (size: string | null, color: string | null, stock: number) => ({
  id: `44444444-4444-4444-8444-${String((variantCount += 1)).padStart(12, "0")}`,
  size,
  color,
  colorHex: null,
  stock,
  priceAdjustment: "0.00",
  imageUrl: null,
});

function product(variants: ProductDetail["variants"]): ProductDetail {
  return {
    id: PRODUCT_ID,
    title: "Linen Shirt",
    description: "A shirt",
    price: "1349.00",
    discountPercentage: 0,
    category: "Fashion",
    stock: 7,
    status: "active",
    brandId: null,
    brand: null,
    thumbnailUrl: "/shirt.jpg",
    rating: 4.5,
    reviews: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    media: [],
    specifications: {},
    highlights: [],
    promotions: [],
    variants,
    marketplaces: [],
  };
}

/** The page as a signed-in shopper opens it, the server answering with `detail`; returns the cart bodies posted. */
async function openPage(detail: ProductDetail) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const respond = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      if (path === "/api/session") return respond({ user: USER });
      if (path === `/api/products/${PRODUCT_ID}`) return respond(detail);
      if (path === "/api/cart" && (!init?.method || init.method === "GET")) return respond({ items: [], totalQuantity: 0, total: "0.00" });
      if (path === "/api/cart/items" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return respond({ items: [], totalQuantity: 1, total: "1349.00" });
      }
      return new Response("{}", { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/product/${PRODUCT_ID}`]}>
        <Routes>
          <Route path="/product/:id" element={<ProductLandingPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findAllByRole("group", { name: /^(Size|Colour)/ });
  return posted;
}

const sizeGroup = () => within(screen.getByRole("group", { name: /^Size/ }));
const colourGroup = () => within(screen.getByRole("group", { name: /^Colour/ }));
const addToCart = () => screen.getByRole("button", { name: "Add to cart" });
const buyNow = () => screen.getByRole("button", { name: "Buy Now" });

describe("product page variant choice", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lets the shopper go from S/Red to L/Blue when those are the only variants, and adds L/Blue", async () => {
    const small = variant("S", "Red", 3);
    const large = variant("L", "Blue", 4);
    const posted = await openPage(product([small, large]));

    expect(sizeGroup().getByRole("radio", { name: "S" })).toBeChecked();
    expect(colourGroup().getByRole("radio", { name: "Red" })).toBeChecked();
    expect(screen.getByText("3 in stock")).toBeInTheDocument();
    // Neither L nor Blue is out of stock: each is in a variant with stock.
    expect(sizeGroup().getByRole("radio", { name: "L" })).toBeEnabled();
    expect(colourGroup().getByRole("radio", { name: "Blue" })).toBeEnabled();

    fireEvent.click(sizeGroup().getByRole("radio", { name: "L" }));
    expect(colourGroup().getByRole("radio", { name: "Blue" })).toBeChecked();
    expect(screen.getByText("4 in stock")).toBeInTheDocument();
    expect(addToCart()).toBeEnabled();
    expect(buyNow()).toBeEnabled();

    fireEvent.click(addToCart());
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ productId: PRODUCT_ID, variantId: large.id, quantity: 1 })]));

    fireEvent.click(colourGroup().getByRole("radio", { name: "Red" }));
    expect(sizeGroup().getByRole("radio", { name: "S" })).toBeChecked();
  });

  it("strikes out a colour only an empty variant has, and moves the colour when a size does not come in it", async () => {
    await openPage(product([variant("S", "Red", 2), variant("M", "Red", 1), variant("M", "Blue", 0), variant("L", "Green", 5)]));

    expect(colourGroup().getByRole("radio", { name: "Blue (out of stock)" })).toBeDisabled();
    fireEvent.click(sizeGroup().getByRole("radio", { name: "M" }));
    expect(colourGroup().getByRole("radio", { name: "Red" })).toBeChecked();
    fireEvent.click(sizeGroup().getByRole("radio", { name: "L" }));
    expect(colourGroup().getByRole("radio", { name: "Green" })).toBeChecked();
    expect(screen.getByText("5 in stock")).toBeInTheDocument();
    expect(buyNow()).toBeEnabled();
  });

  it("chooses among sizes alone and colours alone", async () => {
    await openPage(product([variant("S", null, 0), variant("M", null, 2)]));
    expect(screen.queryByRole("group", { name: /^Colour/ })).toBeNull();
    expect(sizeGroup().getByRole("radio", { name: "M" })).toBeChecked();
    expect(sizeGroup().getByRole("radio", { name: "S (out of stock)" })).toBeDisabled();
    expect(addToCart()).toBeEnabled();
  });

  it("offers nothing to buy when every variant is out of stock", async () => {
    await openPage(product([variant(null, "Red", 0), variant(null, "Blue", 0)]));
    expect(screen.queryByRole("group", { name: /^Size/ })).toBeNull();
    expect(colourGroup().getByRole("radio", { name: "Red (out of stock)" })).toBeDisabled();
    expect(screen.getByText("Out of stock")).toBeInTheDocument();
    expect(addToCart()).toBeDisabled();
    expect(buyNow()).toBeDisabled();
  });
});
