import { z } from "zod";
import { MoneySchema, UuidSchema } from "./catalog.ts";


/** The product fields a cart line needs (000 §3: cart item with joined product, brand and media). */
export const CartProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: MoneySchema,
  discountPercentage: z.number(),
  stock: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  brand: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  quantity: z.number().int().positive(),
  /** The product's price after its discount. */
  unitPrice: MoneySchema,
  /** unitPrice × quantity, computed in integer paise. */
  lineTotal: MoneySchema,
  product: CartProductSchema,
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
  quantity: z.number().int().min(1).max(CART_MAX_LINE_QUANTITY).default(1),
});
export type AddCartItemBody = z.infer<typeof AddCartItemBodySchema>;

/** 0 or less removes the line (000 §5). */
export const SetCartQuantityBodySchema = z.object({
  quantity: z.number().int().max(CART_MAX_LINE_QUANTITY),
});
export type SetCartQuantityBody = z.infer<typeof SetCartQuantityBodySchema>;

export const CartProductParamsSchema = z.object({ productId: UuidSchema });
