import { z } from "zod";
import { MoneySchema } from "./catalog.ts";
import { UuidSchema } from "./ids.ts";

/** The product fields a cart line needs (000 §3: cart item with joined product, brand and media). */
export const CartProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: MoneySchema,
  discountPercentage: z.number(),
  stock: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  brand: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The product is sold by variant: a line without one must choose before checkout. */
  hasVariants: z.boolean(),
  /**
   * The marketplaces the product is listed in (active listings), lower case and sorted: a line is
   * bought only in those (core cart-lines soldIn, decision 212). The cart's total counts every line.
   */
  marketplaceIds: z.array(z.string()),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

/** The chosen size/colour; its stock bounds the line and its adjustment is charged. */
export const CartVariantSchema = z.object({
  id: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  stock: z.number().int(),
  priceAdjustment: MoneySchema,
});
export type CartVariant = z.infer<typeof CartVariantSchema>;

export const CartItemSchema = z.object({
  /** The line's id: cart writes address lines by it (one product in two sizes is two lines). */
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  /** The video the shopper added from, kept for the order line (attribution). */
  mediaId: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** The variant-adjusted price after the product's discount (core pricing.ts). */
  unitPrice: MoneySchema,
  /** unitPrice × quantity, computed in integer paise. */
  lineTotal: MoneySchema,
  product: CartProductSchema,
  variant: CartVariantSchema.nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  totalQuantity: z.number().int().nonnegative(),
  total: MoneySchema,
});
export type Cart = z.infer<typeof CartSchema>;

/** A line's quantity is bounded by stock on the server; this cap only rejects absurd input early. */
export const CART_MAX_LINE_QUANTITY = 10_000;

export const AddCartItemBodySchema = z.object({
  productId: UuidSchema,
  /** Required when the product has variants. */
  variantId: UuidSchema.nullish(),
  mediaId: UuidSchema.nullish(),
  quantity: z.number().int().min(1).max(CART_MAX_LINE_QUANTITY).default(1),
});
export type AddCartItemBody = z.infer<typeof AddCartItemBodySchema>;

/** 0 or less removes the line (000 §5). */
export const SetCartQuantityBodySchema = z.object({
  quantity: z.number().int().max(CART_MAX_LINE_QUANTITY),
});
export type SetCartQuantityBody = z.infer<typeof SetCartQuantityBodySchema>;

export const CartLineParamsSchema = z.object({ id: UuidSchema });

