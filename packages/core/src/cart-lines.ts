// Cart line rules shared by the server and the signed-out cart, kept free of zod so the web's
// first load (the cart badge) does not carry the schema library.
import { fromPaise, toPaise } from "./format.ts";

interface StockedLine {
  product: { stock: number };
  variant: { stock: number } | null;
}

/** The stock a line may take: its variant's when it has one, else the product's. */
export function lineStock(line: StockedLine): number {
  return line.variant ? line.variant.stock : line.product.stock;
}

/**
 * Whether a line can be bought in the marketplace the shopper chose: only where its product is listed
 * (decision 212). `marketplaceIds` are the product's listings (the cart's product.marketplaceIds, the
 * server's listingIdsOf); with no marketplace chosen, the store's own, every line can.
 */
export function soldIn(marketplaceIds: readonly string[], marketplaceId: string | null): boolean {
  if (marketplaceId === null) return true;
  const wanted = marketplaceId.toLowerCase();
  return marketplaceIds.some((id) => id.toLowerCase() === wanted);
}

/** Why lines cannot be ordered in the marketplace, in the words of the server's 409 and the cart's note. */
export function notSoldSentence(titles: readonly string[], marketplaceName: string): string {
  return titles.length === 1
    ? `${titles[0]} is not sold in ${marketplaceName}. Remove it from your cart to place this order.`
    : `${titles.length} items in your cart are not sold in ${marketplaceName}. Remove them to place this order.`;
}

interface MarketLine {
  quantity: number;
  lineTotal: string;
  product: { marketplaceIds: readonly string[] };
}

/**
 * A cart as the chosen marketplace sells it: the lines that can be bought there, their quantity and
 * total (in paise, never a float sum), and the lines left out, which the cart shows as not sold there
 * and which stop checkout until removed (the server refuses to place them).
 */
export function cartInMarketplace<Line extends MarketLine>(items: readonly Line[], marketplaceId: string | null) {
  const sold = items.filter((item) => soldIn(item.product.marketplaceIds, marketplaceId));
  const unsold = items.filter((item) => !sold.includes(item));
  const totalPaise = sold.reduce((sum, item) => sum + toPaise(item.lineTotal), 0);
  return { sold, unsold, totalQuantity: sold.reduce((sum, item) => sum + item.quantity, 0), total: fromPaise(totalPaise) };
}

/** 'M / Forest' style label of a variant's options. */
export function variantLabel(variant: { size: string | null; color: string | null } | null): string | null {
  if (!variant) return null;
  const parts = [variant.size, variant.color].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(" / ") : null;
}

/** Why a quantity cannot be had, in the words the server's 409 uses; null when it fits. */
export function stockShortfall(stock: number, wanted: number, inCart = 0): string | null {
  if (inCart + wanted <= stock) return null;
  if (stock <= 0) return "This product is out of stock";
  return `Only ${stock} in stock${inCart ? ` and ${inCart} already in your cart` : ""}`;
}

