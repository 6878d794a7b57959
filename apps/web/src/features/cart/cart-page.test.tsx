import type { Cart } from "@reelmart/core/api/cart";
import { STORAGE_KEYS } from "@reelmart/core/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CartPage } from "./cart-page.tsx";

const INDIA = "0a1b2c3d-0000-4000-8000-000000000001";
const UAE = "0a1b2c3d-0000-4000-8000-000000000002";
const USER = { id: "u1", email: "a@example.test", name: "a", firstName: null, lastName: null, avatarUrl: null, isAdmin: false };
const MARKETPLACES = [
  { id: INDIA, name: "India", tagline: null, flagUrl: "/flags/in.svg", displayOrder: 0 },
  { id: UAE, name: "United Arab Emirates", tagline: null, flagUrl: "/flags/ae.svg", displayOrder: 1 },
];

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

// A saree added while India was chosen (sold only there) and a lamp sold in both.
const CART: Cart = {
  items: [line("l1", "Silk saree", 1, "4999.00", "4999.00", [INDIA]), line("l2", "Brass lamp", 2, "1349.00", "2698.00", [INDIA, UAE])],
  totalQuantity: 3,
  total: "7697.00",
};

async function openCart(marketplaceId: string) {
  localStorage.setItem(STORAGE_KEYS.selectedMarketplace, marketplaceId);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      const respond = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      if (url.pathname === "/api/session") return respond({ user: USER });
      if (url.pathname === "/api/cart") return respond(CART);
      if (url.pathname === "/api/marketplaces") return respond({ items: MARKETPLACES });
      if (url.pathname === "/api/checkout/options") {
        const countryCode = url.searchParams.get("marketplaceId") === UAE ? "AE" : "IN";
        return respond({ countryCode, countryName: countryCode === "AE" ? "United Arab Emirates" : "India", usesPostalCodes: countryCode === "IN", deliveryFee: "49.00", freeDeliveryFrom: "499.00", onlinePayment: null });
      }
      return new Response("{}", { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/cart"]}>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByRole("list", { name: "Cart items" });
}

const lineOf = (title: string) => screen.getAllByRole("listitem").find((item) => item.textContent?.includes(title))!;

describe("the cart in a marketplace that does not sell a line (decision 212)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks the line, leaves it out of the total, says prices are in rupees and stops checkout until it is removed", async () => {
    await openCart(UAE);
    expect(await within(lineOf("Silk saree")).findByText("Not sold in United Arab Emirates")).toBeInTheDocument();
    expect(within(lineOf("Brass lamp")).queryByText(/Not sold/)).toBeNull();
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹2,698.00");
    const summary = screen.getByRole("region", { name: /Order summary|Checkout/ });
    expect(within(summary).getByText("Items").nextElementSibling).toHaveTextContent("2");
    expect(await within(summary).findByText("Prices are in Indian rupees (INR) in every marketplace.")).toBeInTheDocument();
    expect(within(summary).getByText("Silk saree is not sold in United Arab Emirates. Remove it from your cart to place this order.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Proceed to checkout" })).toHaveAttribute("aria-disabled", "true");
  });

  it("counts every line, without the notes, in India", async () => {
    await openCart(INDIA);
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹7,697.00");
    expect(screen.queryByText(/Not sold|not sold in/)).toBeNull();
    // Wait for the marketplace's country before asserting the rupee note's absence.
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input).includes("/api/checkout/options"))).toBe(true));
    expect(screen.queryByText(/Indian rupees/)).toBeNull();
    expect(screen.getByRole("link", { name: "Proceed to checkout" })).not.toHaveAttribute("aria-disabled");
  });
});
