import { fromPaise, toPaise } from "./format.ts";

/** The list price of one unit in integer paise: the product's price plus the variant's adjustment, never below zero. */
export function listPricePaise(price: string, priceAdjustment?: string | null): number {
  return Math.max(0, toPaise(price) + (priceAdjustment ? toPaise(priceAdjustment) : 0));
}

/**
 * What one unit costs, in integer paise: the variant's price adjustment is added to the product's
 * price, then the product's discount applies to the sum (basis points keep a 12.5% discount exact).
 * A discounted price is rounded to the nearest whole rupee, half up, as a shop's price tag reads
 * (8% off ₹64,999 is ₹59,799.00, never ₹59,799.08); an undiscounted price is the list price to the
 * paisa. Every price the shopper sees (shared/product/price.tsx), the cart and checkout charge, and
 * the server's order pricing come from here (docs/decisions/052-cart-unit-price.md,
 * 120-discounted-price-rounding.md).
 */
export function unitPricePaise(price: string, discountPercentage: number, priceAdjustment?: string | null): number {
  const listPaise = listPricePaise(price, priceAdjustment);
  const basisPoints = Math.min(10_000, Math.max(0, Math.round(discountPercentage * 100)));
  if (basisPoints === 0) return listPaise;
  return Math.round((listPaise * (10_000 - basisPoints)) / 1_000_000) * 100;
}

/** The fields pricing reads from a cart or order line. */
export interface PricedLineInput {
  quantity: number;
  product: { price: string; discountPercentage: number };
  variant?: { priceAdjustment: string } | null;
}

export interface PricedLines<T> {
  items: Array<T & { unitPrice: string; lineTotal: string }>;
  totalQuantity: number;
  /** Sum of the line totals, a 2-place decimal string. */
  total: string;
  totalPaise: number;
}

/** Prices every line and sums in integer paise: the one cart rule the server and the signed-out cart share. */
export function priceLines<T extends PricedLineInput>(lines: T[]): PricedLines<T> {
  let totalPaise = 0;
  let totalQuantity = 0;
  const items = lines.map((line) => {
    const unitPaise = unitPricePaise(line.product.price, line.product.discountPercentage, line.variant?.priceAdjustment);
    const linePaise = unitPaise * line.quantity;
    totalPaise += linePaise;
    totalQuantity += line.quantity;
    return { ...line, unitPrice: fromPaise(unitPaise), lineTotal: fromPaise(linePaise) };
  });
  return { items, totalQuantity, total: fromPaise(totalPaise), totalPaise };
}

/** Delivery is free from ₹499 of goods, else ₹49 (docs/decisions/100-orders.md). */
export const FREE_DELIVERY_FROM_PAISE = 49_900;
export const DELIVERY_FEE_PAISE = 4_900;

export function deliveryFeePaise(subtotalPaise: number): number {
  return subtotalPaise === 0 || subtotalPaise >= FREE_DELIVERY_FROM_PAISE ? 0 : DELIVERY_FEE_PAISE;
}
