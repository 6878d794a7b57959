import type {
  Brand,
  BrandRef,
  Marketplace,
  Media,
  MediaRendition,
  ProductDetail,
  ProductSummary,
} from "@reelmart/core/api/catalog";
import { BRAND_COVER_PLACEHOLDER, DEFAULT_FOLLOWERS, DEFAULT_RATING } from "@reelmart/core/constants";

// Rows as the catalogue service selects them, and their wire shapes (docs/architecture.md).

export interface ProductRow {
  id: string;
  title: string;
  description: string;
  price: string;
  discount_percentage: string;
  category: string;
  stock: number;
  status: "draft" | "active" | "archived";
  brand_id: string | null;
  thumbnail_url: string | null;
  rating_sum: number;
  review_count: number;
  created_at: Date;
  brand_name: string | null;
  brand_logo_url: string | null;
  brand_featured: boolean | null;
}

export interface MediaRow {
  id: string;
  product_id: string;
  url: string;
  type: string;
  category: "product" | "ugc";
  title: string | null;
  duration: string | null;
  is_main: boolean;
  is_cover: boolean;
  display_order: number;
  thumbnail_url: string | null;
  like_count: number;
  comment_count: number;
  view_count: number;
  share_count: number;
  status: "processing" | "ready" | "failed";
  captions_url: string | null;
}

export interface BrandRow {
  id: string;
  name: string;
  description: string | null;
  logo_url: string | null;
  cover_image_url: string | null;
  website_url: string | null;
  featured: boolean;
  created_at: Date;
  product_count: number;
}

export interface ProductDetailParts {
  specifications: unknown;
  highlights: { id: string; text: string; display_order: number }[];
  promotions: { id: string; has_promotion: boolean; label: string | null; promo_end_date: string | null }[];
  variants: {
    id: string;
    size: string | null;
    color: string | null;
    color_hex: string | null;
    stock: number;
    price_adjustment: string;
    image_url: string | null;
  }[];
  marketplaces: { id: string; name: string; flag_url: string }[];
}

/** Spec 000 §3 / 001 §3: the average to one decimal, or 4.5 before anyone has reviewed. */
export function productRating(ratingSum: number, reviewCount: number): number {
  if (reviewCount <= 0) return DEFAULT_RATING;
  return Math.round((ratingSum / reviewCount) * 10) / 10;
}

/** Specifications may have been stored as a JSON string; anything that is not an object reads as {}. */
export function parseSpecifications(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      // swallowed: the column holds JSON the server wrote; text that is not JSON reads as no specifications.
      return {};
    }
  }
  return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export function toMedia(row: MediaRow, renditions: MediaRendition[]): Media {
  return {
    id: row.id,
    productId: row.product_id,
    url: row.url,
    type: row.type === "video" ? "video" : "image",
    category: row.category,
    title: row.title,
    duration: row.duration === null ? null : Number(row.duration),
    isMain: row.is_main,
    isCover: row.is_cover,
    displayOrder: row.display_order,
    thumbnailUrl: row.thumbnail_url,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    viewCount: row.view_count,
    shareCount: row.share_count,
    status: row.status,
    renditions,
    captionsUrl: row.captions_url,
  };
}

function toBrandRef(row: ProductRow): BrandRef | null {
  if (!row.brand_id || row.brand_name === null) return null;
  return { id: row.brand_id, name: row.brand_name, logoUrl: row.brand_logo_url, verified: row.brand_featured ?? false };
}

export function toProductSummary(row: ProductRow, media: Media[]): ProductSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    discountPercentage: Number(row.discount_percentage),
    category: row.category,
    stock: row.stock,
    status: row.status,
    brandId: row.brand_id,
    brand: toBrandRef(row),
    thumbnailUrl: row.thumbnail_url,
    rating: productRating(row.rating_sum, row.review_count),
    reviews: row.review_count,
    createdAt: row.created_at.toISOString(),
    media,
  };
}

export function toProductDetail(row: ProductRow, media: Media[], parts: ProductDetailParts): ProductDetail {
  return {
    ...toProductSummary(row, media),
    specifications: parseSpecifications(parts.specifications),
    highlights: parts.highlights.map((h) => ({ id: h.id, text: h.text, displayOrder: h.display_order })),
    promotions: parts.promotions.map((p) => ({
      id: p.id,
      hasPromotion: p.has_promotion,
      label: p.label,
      promoEndDate: p.promo_end_date ? new Date(p.promo_end_date).toISOString() : null,
    })),
    variants: parts.variants.map((v) => ({
      id: v.id,
      size: v.size,
      color: v.color,
      colorHex: v.color_hex,
      stock: v.stock,
      priceAdjustment: v.price_adjustment,
      imageUrl: v.image_url,
    })),
    marketplaces: parts.marketplaces.map((m) => ({ id: m.id, name: m.name, flagUrl: m.flag_url })),
  };
}

export function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUrl: row.logo_url,
    // Spec 000 §3: without a website the cover is the 1200x400 placeholder; an uploaded cover wins.
    coverImageUrl: row.cover_image_url ?? (row.website_url ? row.website_url : BRAND_COVER_PLACEHOLDER),
    websiteUrl: row.website_url,
    // Spec 000 §3: "featured (shown as verified)".
    verified: row.featured,
    productCount: row.product_count,
    followersCount: DEFAULT_FOLLOWERS,
    createdAt: row.created_at.toISOString(),
  };
}

export function toMarketplace(row: { id: string; name: string; tagline: string | null; flag_url: string; display_order: number }): Marketplace {
  return { id: row.id, name: row.name, tagline: row.tagline, flagUrl: row.flag_url, displayOrder: row.display_order };
}
