import { z } from "zod";
import { toPaise } from "../format.ts";
import { MoneySchema, UuidSchema } from "./catalog.ts";

/**
 * What one unit costs after the product's discount, in integer paise (basis points keep a 12.5%
 * discount exact). The landing page shows this price and the cart charges it.
 */
export function discountedPaise(price: string, discountPercentage: number): number {
  const basisPoints = Math.min(10_000, Math.max(0, Math.round(discountPercentage * 100)));
  return Math.round((toPaise(price) * (10_000 - basisPoints)) / 10_000);
}

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
