import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCart } from "./use-cart.ts";

const USER = { id: "u1", email: "a@example.test", name: "a", firstName: null, lastName: null, avatarUrl: null, isAdmin: false };

function cartWith(quantity: number) {
  return {
    items: [
      {
        id: "line-1",
        productId: "p1",
        variantId: null,
        mediaId: null,
        quantity,
        unitPrice: "10.00",
        lineTotal: `${10 * quantity}.00`,
        product: { id: "p1", title: "Lamp", thumbnailUrl: "", stock: 50, price: "10.00", discountPercentage: 0 },
        variant: null,
      },
    ],
    totalQuantity: quantity,
    total: `${10 * quantity}.00`,
  };
}

describe("useCart stepQuantity", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts two quick taps whose answers are still on their way: 1 → 3, not 2", async () => {
    const puts: number[] = [];
    const pending: (() => void)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: URL | string, init?: RequestInit) => {
        const path = new URL(String(input)).pathname;
        const respond = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
        if (path === "/api/session") return respond({ user: USER });
        if (path === "/api/cart" && (!init?.method || init.method === "GET")) return respond(cartWith(1));
        if (path === "/api/cart/items/line-1" && init?.method === "PUT") {
          const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
          puts.push(quantity);
          // The server answers only when the test lets it: a slow network.
          await new Promise<void>((resolve) => pending.push(resolve));
          return respond(cartWith(quantity));
        }
        return new Response("{}", { status: 404 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useCart(), { wrapper });
    await waitFor(() => expect(result.current.totalQuantity).toBe(1));

    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = result.current.stepQuantity("line-1", 1);
      second = result.current.stepQuantity("line-1", 1);
    });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(puts).toEqual([2, 3]);
    await act(async () => {
      pending.forEach((resolve) => resolve());
      expect(await Promise.all([first, second])).toEqual([true, true]);
    });
    await waitFor(() => expect(result.current.totalQuantity).toBe(3));
  });
});
