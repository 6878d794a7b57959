import type { ProductDetail } from "@reelmart/core/api/catalog";
import type { Choice } from "../../shared/product/variant-selection.ts";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

/**
 * A product without variants may still list sizes or colours in its specifications (001 §3's
 * specifications.sizes, .colors): shown as choices, in stock with the product, that change nothing
 * about what is bought. A product with variants chooses among its variants' options instead.
 */
export function specificationChoices(product: ProductDetail, key: "sizes" | "colors"): Choice[] {
  if (product.variants.length) return [];
  return strings(product.specifications[key]).map((value) => ({ value, label: value, inStock: product.stock > 0 }));
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
