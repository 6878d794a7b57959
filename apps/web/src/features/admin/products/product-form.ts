import type { AdminMedia, AdminProduct, AdminProductSave, AdminProductSaveInput } from "@reelmart/core/api/admin";
import { AdminProductSaveSchema, PriceInputSchema } from "@reelmart/core/api/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";

/** The specification keys 001 §3 names; lists are typed comma-separated, flags as checkboxes elsewhere. */
export const LIST_SPEC_KEYS = ["sizes", "colors", "offers", "highlights"] as const;
export const FLAG_SPEC_KEYS = ["hasSizeOptions", "hasColorOptions"] as const;

export interface VariantRow {
  id?: string;
  size: string;
  color: string;
  colorHex: string;
  stock: string;
  priceAdjustment: string;
  imageUrl: string;
}

/** The editor's form: close to the save body, with text where the owner types and rows for lists. */
export interface ProductFormValues {
  version: number;
  title: string;
  description: string;
  price: string;
  discountPercentage: string;
  category: string;
  stock: string;
  status: "draft" | "active" | "archived";
  brandId: string;
  specRows: { key: string; value: string }[];
  hasSizeOptions: boolean;
  hasColorOptions: boolean;
  highlights: { text: string }[];
  promotionEnabled: boolean;
  promotion: { hasPromotion: boolean; label: string; promoEndDate: string };
  variants: VariantRow[];
  marketplaceIds: string[];
  media: (AdminMedia & { id: string })[];
}

/**
 * A new product's form (decision 215): the spec's draft (000 §9: price 0, category 'other', stock 0,
 * status draft) with no title yet, for the owner to type; stored only by the first save.
 */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  version: 0,
  title: "",
  description: "",
  price: "0",
  discountPercentage: "0",
  category: "other",
  stock: "0",
  status: "draft",
  brandId: "",
  specRows: [],
  hasSizeOptions: false,
  hasColorOptions: false,
  highlights: [],
  promotionEnabled: false,
  promotion: { hasPromotion: true, label: "", promoEndDate: "" },
  variants: [],
  marketplaceIds: [],
  media: [],
};

/** "2030-01-01T10:00:00.000Z" → the datetime-local input's "2030-01-01T15:30" in the browser's zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function toFormValues(product: AdminProduct): ProductFormValues {
  const specs = product.specifications;
  const specRows: ProductFormValues["specRows"] = [];
  for (const [key, value] of Object.entries(specs)) {
    if ((FLAG_SPEC_KEYS as readonly string[]).includes(key)) continue;
    specRows.push({ key, value: Array.isArray(value) ? value.join(", ") : String(value ?? "") });
  }
  return {
    version: product.version,
    title: product.title,
    description: product.description,
    price: product.price,
    discountPercentage: String(product.discountPercentage),
    category: product.category,
    stock: String(product.stock),
    status: product.status,
    brandId: product.brandId ?? "",
    specRows,
    hasSizeOptions: specs.hasSizeOptions === true,
    hasColorOptions: specs.hasColorOptions === true,
    highlights: product.highlights.map((text) => ({ text })),
    promotionEnabled: product.promotion !== null,
    promotion: {
      hasPromotion: product.promotion?.hasPromotion ?? true,
      label: product.promotion?.label ?? "",
      promoEndDate: toLocalInput(product.promotion?.promoEndDate ?? null),
    },
    variants: product.variants.map((variant) => ({
      id: variant.id,
      size: variant.size ?? "",
      color: variant.color ?? "",
      colorHex: variant.colorHex ?? "",
      stock: String(variant.stock),
      priceAdjustment: variant.priceAdjustment,
      imageUrl: variant.imageUrl ?? "",
    })),
    marketplaceIds: product.marketplaceIds,
    media: product.media,
  };
}

function specificationValue(key: string, value: string): unknown {
  if ((LIST_SPEC_KEYS as readonly string[]).includes(key)) {
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return value;
}

/**
 * A number field as typed, for the schema to judge and word: blank is missing, anything that is not
 * a number stays the text it is ("Stock must be a number"), never NaN or 0.
 */
function typedNumber(text: string): number {
  const value = text.trim() === "" ? undefined : Number.isFinite(Number(text)) ? Number(text) : text;
  return value as number;
}

/** Whether the price field holds a price the save accepts: only such a price is shown back formatted. */
export const isValidPrice = (price: string) => PriceInputSchema.safeParse(price).success;

/** The form as the save body (AdminProductSaveSchema's input); the schema then validates it. */
export function toSaveInput(values: ProductFormValues): AdminProductSaveInput {
  const specifications: Record<string, unknown> = {};
  for (const row of values.specRows) {
    const key = row.key.trim();
    if (key) specifications[key] = specificationValue(key, row.value);
  }
  if (values.hasSizeOptions) specifications.hasSizeOptions = true;
  if (values.hasColorOptions) specifications.hasColorOptions = true;
  return {
    version: values.version,
    title: values.title,
    description: values.description,
    price: values.price,
    discountPercentage: typedNumber(values.discountPercentage),
    category: values.category,
    stock: typedNumber(values.stock),
    status: values.status,
    brandId: values.brandId || null,
    specifications: specifications as AdminProductSaveInput["specifications"],
    highlights: values.highlights.map((row) => row.text),
    promotion: values.promotionEnabled
      ? {
          hasPromotion: values.promotion.hasPromotion,
          label: values.promotion.label,
          promoEndDate: values.promotion.promoEndDate ? new Date(values.promotion.promoEndDate).toISOString() : null,
        }
      : null,
    variants: values.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      size: variant.size,
      color: variant.color,
      colorHex: variant.colorHex,
      stock: typedNumber(variant.stock),
      priceAdjustment: variant.priceAdjustment || "0",
      imageUrl: variant.imageUrl,
    })),
    marketplaceIds: values.marketplaceIds,
    media: values.media.map(({ id, title, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage }) => ({
      id,
      // A blank title is none: the media then goes by the product's title (decision 209).
      title: title?.trim() ? title : null,
      category,
      isMain,
      isCover,
      displayOnLandingPage,
      displayOnProfilePage,
    })),
  };
}

const saveResolver = zodResolver(AdminProductSaveSchema);

/**
 * The server's own schema validates the form (react-hook-form's zod resolver over the save body),
 * so the editor and the API refuse the same things; the body paths match the form's field names
 * (variants.0.colorHex), except lists of text whose errors land on the row.
 */
export const productResolver: Resolver<ProductFormValues, unknown, AdminProductSave> = async (values, context, options) => {
  const result = await saveResolver(toSaveInput(values), context, { ...options, names: undefined, fields: {} } as never);
  return result as never;
};
