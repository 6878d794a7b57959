import type { ProductDetail } from "@reelmart/core/api/catalog";

type Variant = ProductDetail["variants"][number];

export interface Choice {
  value: string;
  label: string;
  inStock: boolean;
  hex?: string | null;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

/**
 * Sizes (001 §3 adapted product: value, label, inStock): from the variants, in stock when some
 * variant of that size (and of the chosen colour, if any) has stock; else from specifications.sizes.
 */
export function sizeChoices(product: ProductDetail, color: string | null): Choice[] {
  const withSize = product.variants.filter((variant) => variant.size);
  if (!withSize.length) return strings(product.specifications.sizes).map((size) => ({ value: size, label: size, inStock: product.stock > 0 }));
  return unique(withSize.map((variant) => variant.size as string)).map((size) => ({
    value: size,
    label: size,
    inStock: withSize.some((variant) => variant.size === size && (!color || variant.color === color) && variant.stock > 0),
  }));
}

export function colorChoices(product: ProductDetail, size: string | null): Choice[] {
  const withColor = product.variants.filter((variant) => variant.color);
  if (!withColor.length) return strings(product.specifications.colors).map((color) => ({ value: color, label: color, inStock: product.stock > 0 }));
  return unique(withColor.map((variant) => variant.color as string)).map((color) => ({
    value: color,
    label: color,
    hex: withColor.find((variant) => variant.color === color && variant.colorHex)?.colorHex ?? null,
    inStock: withColor.some((variant) => variant.color === color && (!size || variant.size === size) && variant.stock > 0),
  }));
}

/** The variant matching every chosen option, when the choice is complete. */
export function selectedVariant(product: ProductDetail, size: string | null, color: string | null): Variant | undefined {
  const needsSize = product.variants.some((variant) => variant.size);
  const needsColor = product.variants.some((variant) => variant.color);
  if ((needsSize && !size) || (needsColor && !color)) return undefined;
  return product.variants.find((variant) => (!needsSize || variant.size === size) && (!needsColor || variant.color === color));
}

/** Keys of specifications that drive the page rather than being listed as specifications (001 §3). */
const PAGE_KEYS = new Set(["sizes", "colors", "offers", "highlights", "hasSizeOptions", "hasColorOptions", "customLandingPage", "customProfilePage"]);

export function specificationRows(specifications: Record<string, unknown>): [string, string][] {
  return Object.entries(specifications)
    .filter(([key, value]) => !PAGE_KEYS.has(key) && value !== null && value !== undefined && value !== "")
    .map(([key, value]) => [humanize(key), value !== null && typeof value === "object" ? formatObject(value) : String(value)]);
}

function formatObject(value: object): string {
  return Array.isArray(value) ? value.map(String).join(", ") : JSON.stringify(value);
}

function humanize(key: string): string {
  const spaced = key.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function offers(specifications: Record<string, unknown>): string[] {
  const raw = specifications.offers;
  if (!Array.isArray(raw)) return [];
  return raw
    .map((offer) => {
      if (typeof offer === "string") return offer;
      if (offer && typeof offer === "object") {
        const { title, description } = offer as { title?: unknown; description?: unknown };
        return [title, description].filter((part) => typeof part === "string" && part).join(": ");
      }
      return "";
    })
    .filter(Boolean);
}

/** Highlights by display_order; the specifications' list when the product has none of its own. */
export function highlights(product: ProductDetail): string[] {
  if (product.highlights.length) return [...product.highlights].sort((a, b) => a.displayOrder - b.displayOrder).map((item) => item.text);
  return strings(product.specifications.highlights);
}

/** The running promotion, if any: one marked active whose end date has not passed. */
export function activePromotion(product: ProductDetail, now = new Date()) {
  return product.promotions.find((promotion) => promotion.hasPromotion && (!promotion.promoEndDate || new Date(promotion.promoEndDate) > now));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
