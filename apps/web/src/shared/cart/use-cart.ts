import type { AddCartItemBody, Cart, CartItem, CartProduct, CartVariant } from "@reelmart/core/api/cart";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import { baseProductId } from "@reelmart/core/ids";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, Suspense, createElement, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "../ui/toast.ts";
import { ApiRequestError, apiRequest } from "../api/client.ts";
import { shopperMessage } from "../api/shopper-message.ts";
import { sessionQueryKey } from "../session/api/get-session-user.ts";
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
  /** Known on a product page; a feed item or list row has none, and the picker loads them. */
  variants?: ProductDetail["variants"];
  /** Where it is sold, known on a product page: a signed-out line keeps it (the server's lines have their own). */
  marketplaces?: ProductDetail["marketplaces"];
};

/** The variant chosen for a line (null: the product has none) and the video the shopper added from. */
export interface CartChoice {
  variant: ProductDetail["variants"][number] | null;
  mediaId?: string | null;
}

export interface CartState {
  items: CartItem[];
  totalQuantity: number;
  /** Order total in INR, a 2-place decimal string. */
  total: string;
  isLoading: boolean;
  /** Why the signed-in cart could not be read (then `items` is not known to be empty), else null. */
  loadError: unknown;
  reload: () => void;
  /** Adds to the line of that product and variant, or creates one; resolves false when it failed (a toast says why). */
  add: (product: CartProductInput, quantity: number, choice: CartChoice) => Promise<boolean>;
  /** 0 or less removes the line (000 §5). Lines are addressed by their id. */
  /** Adds `delta` (±1) to the line's quantity, counting taps whose answers are still on their way. */
  stepQuantity: (lineId: string, delta: number) => Promise<boolean>;
  remove: (lineId: string) => Promise<boolean>;
  clear: () => Promise<boolean>;
}

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
        try {
          queryClient.setQueryData<Cart>(key, (cart) => local(cart ?? EMPTY_CART));
          return true;
        } catch (error) {
          toast.error(failure, { description: shopperMessage(error) });
          return false;
        }
      }
      try {
        // Saved to the server first, then to local state (000 §4).
        const cart = await request();
        if (ticket === latestWrite.current) queryClient.setQueryData<Cart>(key, cart);
        return true;
      } catch (error) {
        toast.error(failure, { description: shopperMessage(error) });
        if (error instanceof ApiRequestError && error.status === 401) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        void queryClient.invalidateQueries({ queryKey: key });
        return false;
      }
    },
    [signedIn, userId, queryClient],
  );

  const add = useCallback(
    async (product: CartProductInput, quantity: number, { variant, mediaId = null }: CartChoice) => {
      const productId = baseProductId(product.id);
      const body: AddCartItemBody = { productId, quantity, variantId: variant?.id ?? null, mediaId };
      const cartProduct: CartProduct = {
        id: productId,
        title: product.title,
        price: product.price,
        discountPercentage: product.discountPercentage,
        stock: product.stock,
        thumbnailUrl: product.thumbnailUrl,
        brand: product.brand ? { id: product.brand.id, name: product.brand.name } : null,
        hasVariants: Boolean(variant) || Boolean(product.variants?.length),
        marketplaceIds: (product.marketplaces ?? []).map((marketplace) => marketplace.id.toLowerCase()).sort(),
      };
      const cartVariant: CartVariant | null = variant
        ? { id: variant.id, size: variant.size, color: variant.color, stock: variant.stock, priceAdjustment: variant.priceAdjustment }
        : null;
      const ok = await write(
        () => apiRequest<Cart>("/cart/items", { method: "POST", body }),
        (cart) => addLocal(cart, cartProduct, cartVariant, quantity, mediaId),
        "Could not add item to cart",
      );
      if (ok) toast.success("Added to cart", { description: product.title });
      return ok;
    },
    [write],
  );

  const setQuantity = useCallback(
    (lineId: string, quantity: number) =>
      write(
        () => apiRequest<Cart>(`/cart/items/${encodeURIComponent(lineId)}`, { method: "PUT", body: { quantity } }),
        (cart) => setQuantityLocal(cart, lineId, quantity),
        quantity <= 0 ? "Could not remove item from cart" : "Could not update item quantity",
      ),
    [write],
  );

  // Quick taps build on the last quantity asked for, not the one on screen: the screen shows the
  // server's answer (000 §4), and under a slow network the second tap comes before the first answer.
  const requested = useRef(new Map<string, number>());
  const stepQuantity = useCallback(
    async (lineId: string, delta: number) => {
      const shown = queryClient.getQueryData<Cart>(cartQueryKey(userId))?.items.find((item) => item.id === lineId)?.quantity ?? 0;
      const next = Math.max(0, (requested.current.get(lineId) ?? shown) + delta);
      requested.current.set(lineId, next);
      const saved = await setQuantity(lineId, next);
      if (requested.current.get(lineId) === next) requested.current.delete(lineId);
      return saved;
    },
    [queryClient, userId, setQuantity],
  );

  const remove = useCallback(
    (lineId: string) =>
      write(
        () => apiRequest<Cart>(`/cart/items/${encodeURIComponent(lineId)}`, { method: "DELETE" }),
        (cart) => setQuantityLocal(cart, lineId, 0),
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
    // Offline, React Query pauses the request instead of failing it: not loading, not empty either.
    isLoading: session.status === "loading" || (query.isPending && query.fetchStatus !== "paused"),
    loadError: query.isError && !query.data ? query.error : query.isPending && query.fetchStatus === "paused" ? new Error("offline") : null,
    reload: () => void query.refetch(),
    add,
    stepQuantity,
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

const VariantPickerSheet = lazy(async () => ({ default: (await import("./variant-picker-sheet.tsx")).VariantPickerSheet }));

interface PendingChoice {
  product: CartProductInput;
  quantity: number;
  mediaId: string | null;
  mode: "add" | "buy";
}

/** What a caller may already know: the chosen variant (a product page) and the video it was on (the feed). */
export interface AddOptions {
  variant?: ProductDetail["variants"][number] | null;
  mediaId?: string | null;
}

/**
 * Add-to-cart and Buy Now with sign-in gating: signed out, both show 'Authentication required' and
 * go to /auth with the origin path and product id. A product sold by size or colour asks for one in
 * a small sheet first (render `picker`). Buy Now adds, then opens /cart in checkout state (001 §4).
 */
export function useAddToCart(): {
  addToCart: (product: CartProductInput, quantity?: number, options?: AddOptions) => Promise<boolean>;
  buyNow: (product: CartProductInput, quantity?: number, options?: AddOptions) => Promise<boolean>;
  picker: ReactNode;
} {
  const { status } = useSession();
  const { add } = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<PendingChoice | null>(null);

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

  const complete = useCallback(
    async (choice: PendingChoice, variant: CartChoice["variant"]) => {
      if (!(await add(choice.product, choice.quantity, { variant, mediaId: choice.mediaId }))) return false;
      if (choice.mode === "buy") {
        const state: CheckoutState = { checkout: true, productId: baseProductId(choice.product.id) };
        void navigate("/cart", { state });
      }
      return true;
    },
    [add, navigate],
  );

  const start = useCallback(
    async (mode: PendingChoice["mode"], product: CartProductInput, quantity = 1, options: AddOptions = {}) => {
      if (!gate(product)) return false;
      const choice: PendingChoice = { product, quantity, mediaId: options.mediaId ?? null, mode };
      if (options.variant !== undefined) return complete(choice, options.variant);
      if (product.variants && product.variants.length <= 1) return complete(choice, product.variants[0] ?? null);
      setPending(choice);
      return false;
    },
    [gate, complete],
  );

  const addToCart = useCallback((product: CartProductInput, quantity?: number, options?: AddOptions) => start("add", product, quantity, options), [start]);
  const buyNow = useCallback((product: CartProductInput, quantity?: number, options?: AddOptions) => start("buy", product, quantity, options), [start]);

  const picker = pending
    ? createElement(
        Suspense,
        { fallback: null },
        createElement(VariantPickerSheet, {
          productId: baseProductId(pending.product.id),
          mode: pending.mode,
          onClose: () => setPending(null),
          onChoose: async (variant: CartChoice["variant"]) => {
            const done = await complete(pending, variant);
            if (done) setPending(null);
            return done;
          },
        }),
      )
    : null;

  return { addToCart, buyNow, picker };
}
