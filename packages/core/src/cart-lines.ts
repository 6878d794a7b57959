// Cart line rules shared by the server and the signed-out cart, kept free of zod so the web's
// first load (the cart badge) does not carry the schema library.

interface StockedLine {
  product: { stock: number };
  variant: { stock: number } | null;
}

/** The stock a line may take: its variant's when it has one, else the product's. */
export function lineStock(line: StockedLine): number {
  return line.variant ? line.variant.stock : line.product.stock;
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

