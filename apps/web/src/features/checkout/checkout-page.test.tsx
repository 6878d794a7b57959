import type { Cart } from "@reelmart/core/api/cart";
import { STORAGE_KEYS } from "@reelmart/core/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheckoutPage } from "./checkout-page.tsx";

const INDIA = "0a1b2c3d-0000-4000-8000-000000000001";
const UAE = "0a1b2c3d-0000-4000-8000-000000000002";
const USER = { id: "u1", email: "a@example.test", name: "Asha", firstName: null, lastName: null, avatarUrl: null, isAdmin: false };

const line = (id: string, title: string, quantity: number, unitPrice: string, lineTotal: string, marketplaceIds: string[]) => ({
  id,
  productId: `${id}-product`,
  variantId: null,
  mediaId: null,
  quantity,
  unitPrice,
  lineTotal,
  product: { id: `${id}-product`, title, price: unitPrice, discountPercentage: 0, stock: 9, thumbnailUrl: null, brand: null, hasVariants: false, marketplaceIds },
  variant: null,
});

const CART: Cart = {
  items: [line("l1", "Silk saree", 1, "4999.00", "4999.00", [INDIA]), line("l2", "Brass lamp", 2, "1349.00", "2698.00", [INDIA, UAE])],
  totalQuantity: 3,
  total: "7697.00",
};

describe("checkout in a marketplace that does not sell a line (decision 212)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("orders only what the marketplace sells, in rupees, and will not place the order until the rest is removed", async () => {
    localStorage.setItem(STORAGE_KEYS.selectedMarketplace, UAE);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: URL | string) => {
        const path = new URL(String(input)).pathname;
        const respond = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
        if (path === "/api/session") return respond({ user: USER });
        if (path === "/api/cart") return respond(CART);
        if (path === "/api/marketplaces") return respond({ items: [{ id: UAE, name: "United Arab Emirates", tagline: null, flagUrl: "/ae.svg", displayOrder: 0 }] });
        if (path === "/api/me/addresses") return respond({ items: [] });
        if (path === "/api/checkout/options") {
          return respond({ countryCode: "AE", countryName: "United Arab Emirates", usesPostalCodes: false, deliveryFee: "49.00", freeDeliveryFrom: "499.00", onlinePayment: null });
        }
        return new Response("{}", { status: 404 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={["/checkout"]}>
          <CheckoutPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const items = await screen.findByRole("list", { name: "Items in this order" });
    expect(within(items).getAllByRole("listitem").map((item) => item.textContent)).toEqual([expect.stringContaining("Brass lamp")]);
    const summary = screen.getByRole("region", { name: "Order summary" });
    expect(within(summary).getByText("Subtotal (2 items)").nextElementSibling).toHaveTextContent("₹2,698.00");
    expect(within(summary).getByText("Prices are in Indian rupees (INR) in every marketplace.")).toBeInTheDocument();
    expect(await screen.findByText(/^Silk saree is not sold in United Arab Emirates\. Remove it from your cart to place this order\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your cart" })).toHaveAttribute("href", "/cart");
    expect(screen.getByRole("button", { name: /^Place order/ })).toBeDisabled();
  });
});
