import type { AddCartItemBody, Cart, CartItem, CartProduct } from "@reelmart/core/api/cart";
import { baseProductId } from "@reelmart/core/ids";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiRequestError, apiRequest } from "../api/client.ts";
import { useSession } from "../session/use-session.ts";
import { EMPTY_CART, addLocal, setQuantityLocal } from "./cart-state.ts";

/** One cache entry per user; the bottom-nav badge, profile counter and cart page all read it. */
export const cartQueryKey = (userId: string | null) => ["cart", userId ?? "anonymous"] as const;

/**
 * What add() needs from a product. A ProductSummary or ProductDetail fits as is; a feed item id may
 * carry '-demo-'/'-origin-'/'-ugc-' suffixes, which are stripped.
 */
export type CartProductInput = Pick<CartProduct, "id" | "title" | "price" | "discountPercentage" | "stock" | "thumbnailUrl"> & {
  brand: { id: string; name: string } | null;
};

export interface CartState {
  items: CartItem[];
  totalQuantity: number;
  /** Order total in INR, a 2-place decimal string. */
  total: string;
  isLoading: boolean;
  /** Adds to an existing line or creates one; resolves false when it failed (a toast says why). */
  add: (product: CartProductInput, quantity?: number) => Promise<boolean>;
  /** 0 or less removes the line (000 §5). */
  setQuantity: (productId: string, quantity: number) => Promise<boolean>;
  remove: (productId: string) => Promise<boolean>;
  clear: () => Promise<boolean>;
}

const describe = (error: unknown) => (error instanceof Error && error.message ? error.message : "Please try again");

export function useCart(): CartState {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session.user?.id ?? null;
  const signedIn = session.status === "signed-in";
  const key = cartQueryKey(userId);

  // The cart loads when the user becomes known (000 §4); a signed-out cart is a local cache entry.
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => (signedIn ? apiRequest<Cart>("/cart", { signal }) : Promise.resolve(EMPTY_CART)),
    enabled: session.status !== "loading",
    staleTime: signedIn ? 30_000 : Infinity,
  });

  useEffect(() => {
    // The same cache entry is read by several mounted components; the toast id keeps it to one toast.
    if (query.isError) toast.error("Error fetching cart", { id: "cart-fetch-error", description: "There was an error loading your cart items" });
  }, [query.isError]);

  // Each write answers with the whole cart; only the latest write's answer is applied, so two quick
  // taps whose answers arrive out of order cannot leave an older cart on screen.
  const latestWrite = useRef(0);
  const write = useCallback(
    async (request: () => Promise<Cart>, local: (cart: Cart) => Cart, failure: string): Promise<boolean> => {
      const ticket = ++latestWrite.current;
      const key = cartQueryKey(userId);
      if (!signedIn) {
        queryClient.setQueryData<Cart>(key, (cart) => local(cart ?? EMPTY_CART));
        return true;
      }
      try {
        // Saved to the server first, then to local state (000 §4).
        const cart = await request();
        if (ticket === latestWrite.current) queryClient.setQueryData<Cart>(key, cart);
        return true;
      } catch (error) {
        toast.error(failure, { description: describe(error) });
        if (error instanceof ApiRequestError && error.status === 401) void queryClient.invalidateQueries({ queryKey: ["session"] });
        void queryClient.invalidateQueries({ queryKey: key });
        return false;
      }
    },
    [signedIn, userId, queryClient],
  );

  const add = useCallback(
    async (product: CartProductInput, quantity = 1) => {
      const productId = baseProductId(product.id);
      const body: AddCartItemBody = { productId, quantity };
      const cartProduct: CartProduct = {
        id: productId,
        title: product.title,
        price: product.price,
        discountPercentage: product.discountPercentage,
        stock: product.stock,
        thumbnailUrl: product.thumbnailUrl,
        brand: product.brand ? { id: product.brand.id, name: product.brand.name } : null,
      };
      const ok = await write(
        () => apiRequest<Cart>("/cart/items", { method: "POST", body }),
        (cart) => addLocal(cart, cartProduct, quantity),
        "Could not add item to cart",
      );
      if (ok) toast.success("Added to cart", { description: product.title });
      return ok;
    },
    [write],
  );

  const setQuantity = useCallback(
    (productId: string, quantity: number) =>
      write(
        () => apiRequest<Cart>(`/cart/items/${encodeURIComponent(productId)}`, { method: "PUT", body: { quantity } }),
        (cart) => setQuantityLocal(cart, productId, quantity),
        quantity <= 0 ? "Could not remove item from cart" : "Could not update item quantity",
      ),
    [write],
  );

  const remove = useCallback(
    (productId: string) =>
      write(
        () => apiRequest<Cart>(`/cart/items/${encodeURIComponent(productId)}`, { method: "DELETE" }),
        (cart) => setQuantityLocal(cart, productId, 0),
        "Could not remove item from cart",
      ),
    [write],
  );

  const clear = useCallback(
    () => write(() => apiRequest<Cart>("/cart", { method: "DELETE" }), () => EMPTY_CART, "Could not clear cart"),
    [write],
  );

  const cart = query.data ?? EMPTY_CART;
  return {
    items: cart.items,
    totalQuantity: cart.totalQuantity,
    total: cart.total,
    isLoading: session.status === "loading" || query.isPending,
    add,
    setQuantity,
    remove,
    clear,
  };
}

/** Navigation state the cart page reads after Buy Now. */
export interface CheckoutState {
  checkout: true;
  productId: string;
}

/** Navigation state the sign-in page reads to send the shopper back (000 §4 purchase gating). */
export interface AuthReturnState {
  from: string;
  productId: string;
}

/**
 * Add-to-cart and Buy Now with sign-in gating: signed out, both show 'Authentication required' and
 * go to /auth with the origin path and product id. Buy Now adds, then opens /cart in checkout state.
 */
export function useAddToCart() {
  const { status } = useSession();
  const { add } = useCart();
  const navigate = useNavigate();
  const location = useLocation();

  const gate = useCallback(
    (product: CartProductInput) => {
      if (status === "signed-in") return true;
      toast.error("Authentication required", { description: "Please sign in to buy or add items to your cart." });
      const state: AuthReturnState = { from: `${location.pathname}${location.search}`, productId: baseProductId(product.id) };
      void navigate("/auth", { state });
      return false;
    },
    [status, location.pathname, location.search, navigate],
  );

  const addToCart = useCallback(
    async (product: CartProductInput, quantity = 1) => (gate(product) ? add(product, quantity) : false),
    [gate, add],
  );

  const buyNow = useCallback(
    async (product: CartProductInput, quantity = 1) => {
      if (!gate(product) || !(await add(product, quantity))) return false;
      const state: CheckoutState = { checkout: true, productId: baseProductId(product.id) };
      void navigate("/cart", { state });
      return true;
    },
    [gate, add, navigate],
  );

  return { addToCart, buyNow };
}
