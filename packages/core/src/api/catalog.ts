import { z } from "zod";
import { safeText } from "./text.ts";
import { UuidSchema } from "./ids.ts";
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT, SEARCH_MAX_TERM_LENGTH } from "../constants.ts";

// The public catalogue contract (docs/architecture.md, "Wire format"). The server validates its
// inputs and documents its outputs with these; the web app types its API calls with them.

/** A decimal string with 2 places ("1999.00"): money never travels as a float. */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/, "must be a decimal with 2 places");

export const MediaRenditionSchema = z.object({
  height: z.number().int(),
  width: z.number().int(),
  url: z.string(),
});
export type MediaRendition = z.infer<typeof MediaRenditionSchema>;

export const MediaSchema = z.object({
  id: z.string(),
  productId: z.string(),
  url: z.string(),
  type: z.enum(["image", "video"]),
  category: z.enum(["product", "ugc"]),
  title: z.string().nullable(),
  duration: z.number().nullable().describe("Seconds"),
  isMain: z.boolean(),
  isCover: z.boolean(),
  displayOrder: z.number().int(),
  thumbnailUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  viewCount: z.number().int(),
  shareCount: z.number().int(),
  status: z.enum(["processing", "ready", "failed"]),
  renditions: z.array(MediaRenditionSchema).describe("Video renditions by ascending height; empty for images"),
  captionsUrl: z.string().nullable().optional().describe("A WebVTT caption track for the video"),
});
export type Media = z.infer<typeof MediaSchema>;

export const BrandRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  verified: z.boolean(),
});
export type BrandRef = z.infer<typeof BrandRefSchema>;

export const ProductStatusSchema = z.enum(["draft", "active", "archived"]);

/** The fields a product has wherever it is shown: to shoppers (below) and in the admin (api/admin.ts). */
export const ProductFieldsSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: MoneySchema,
  discountPercentage: z.number(),
  category: z.string(),
  stock: z.number().int(),
  status: ProductStatusSchema,
  brandId: z.string().nullable(),
});

export const ProductSummarySchema = ProductFieldsSchema.extend({
  brand: BrandRefSchema.nullable(),
  thumbnailUrl: z.string().nullable(),
  rating: z.number().describe("Average review rating to 1 decimal; 4.5 when there are no reviews"),
  reviews: z.number().int().describe("Number of reviews"),
  createdAt: z.string(),
  media: z.array(MediaSchema).describe("Ordered by displayOrder"),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductHighlightSchema = z.object({ id: z.string(), text: z.string(), displayOrder: z.number().int() });
export const ProductPromotionSchema = z.object({
  id: z.string(),
  hasPromotion: z.boolean(),
  label: z.string().nullable(),
  promoEndDate: z.string().nullable(),
});
export const ProductVariantSchema = z.object({
  id: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  colorHex: z.string().nullable(),
  stock: z.number().int(),
  priceAdjustment: MoneySchema,
  imageUrl: z.string().nullable(),
});
export const ProductMarketplaceSchema = z.object({ id: z.string(), name: z.string(), flagUrl: z.string() });

export const ProductDetailSchema = ProductSummarySchema.extend({
  specifications: z.record(z.string(), z.unknown()).describe("Free-form; {} when the stored value is unparsable"),
  highlights: z.array(ProductHighlightSchema),
  promotions: z.array(ProductPromotionSchema),
  variants: z.array(ProductVariantSchema),
  marketplaces: z.array(ProductMarketplaceSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET /api/videos/{id}: one ready, shopper-visible video with the product it sells (the /v/{id} watch page). */
export const WatchVideoSchema = z.object({
  media: MediaSchema,
  product: ProductDetailSchema,
});
export type WatchVideo = z.infer<typeof WatchVideoSchema>;

export const BrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  coverImageUrl: z.string().describe("A 1200x400 placeholder when the brand has no website"),
  websiteUrl: z.string().nullable(),
  verified: z.boolean(),
  productCount: z.number().int(),
  followersCount: z.number().int(),
  createdAt: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const MarketplaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string().nullable(),
  flagUrl: z.string(),
  displayOrder: z.number().int(),
});
export type Marketplace = z.infer<typeof MarketplaceSchema>;

export const CategorySchema = z.object({ name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** `{ items }`: an unpaged list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** `{ items, nextCursor }`: a keyset-paged list; nextCursor is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export type List<T> = { items: T[] };
export type Page<T> = { items: T[]; nextCursor: string | null };

export const ProductPageSchema = pageOf(ProductSummarySchema);
export const ProductListSchema = listOf(ProductSummarySchema);
export const BrandPageSchema = pageOf(BrandSchema);
export const CategoryListSchema = listOf(CategorySchema);
export const MarketplaceListSchema = listOf(MarketplaceSchema);

// Query parameters arrive as strings; each schema turns them into typed input or a 400 naming the field.

const limitParam = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Opaque to clients; the server decodes it and answers 400 when it was tampered with. */
export const CursorSchema = safeText().min(1).max(200);

/** Free text for filters and search. */
const shortText = (label: string) => safeText(label).max(SEARCH_MAX_TERM_LENGTH);

export const IdParamSchema = z.object({ id: UuidSchema });

export const ProductListQuerySchema = z.object({
  marketplaceId: UuidSchema.optional(),
  category: shortText("Category").optional(),
  brandId: UuidSchema.optional(),
  cursor: CursorSchema.optional(),
  limit: limitParam(PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const PRODUCT_BATCH_MAX_IDS = 100;

export const ProductBatchQuerySchema = z.object({
  ids: z
    .string()
    .max(PRODUCT_BATCH_MAX_IDS * 40)
    .describe("Comma-separated product ids")
    .transform((raw) => [...new Set(raw.split(",").map((id) => id.trim()).filter(Boolean))])
    .pipe(z.array(UuidSchema).min(1).max(PRODUCT_BATCH_MAX_IDS)),
});
export type ProductBatchQuery = z.infer<typeof ProductBatchQuerySchema>;

export const ProductDetailQuerySchema = z.object({ marketplaceId: UuidSchema.optional() });

export const BrandListQuerySchema = z.object({
  q: shortText("Search").optional(),
  cursor: CursorSchema.optional(),
  limit: limitParam(PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT),
});
export type BrandListQuery = z.infer<typeof BrandListQuerySchema>;
