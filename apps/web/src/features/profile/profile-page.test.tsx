import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProfilePage } from "./profile-page.tsx";

const USER = { id: "u1", email: "asha@example.test", name: "Asha", firstName: "Asha", lastName: null, avatarUrl: null, isAdmin: false };

/** The Orders counter's number, as the definition list pairs it with its label. */
const ordersCounter = () => screen.getByText("Orders", { selector: "dt" }).parentElement?.querySelector("dd")?.textContent;

describe("ProfilePage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts the shopper's orders in Orders, not the lines in their cart (decision 216)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: URL | string) => {
        const path = new URL(String(input)).pathname;
        const respond = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
        if (path === "/api/session") return respond({ user: USER });
        // Five units in the cart, and three orders placed.
        if (path === "/api/cart") {
          const product = { id: "p1", title: "Lamp", price: "100.00", discountPercentage: 0, thumbnailUrl: null, stock: 9, status: "active" };
          return respond({ items: [{ id: "l1", productId: "p1", quantity: 5, product, variant: null }], totalQuantity: 5, total: "500.00" });
        }
        if (path === "/api/me/order-count") return respond({ count: 3 });
        return new Response("{}", { status: 404 });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole("heading", { name: "Asha" });
    await waitFor(() => expect(ordersCounter()).toBe("3"));
  });
});
