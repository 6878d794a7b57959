import type { ColumnType, Generated, JSONColumnType } from "kysely";

// Column types of the tables our migrations create (db/migrations). better-auth's tables are
// listed with the columns our queries read.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, string | number | undefined, string | number>;
type Json<T = Record<string, unknown>> = ColumnType<T, string | undefined, string>;

export interface MarketplacesTable {
  id: Generated<string>;
  name: string;
  tagline: string | null;
  flag_url: string;
  is_active: Generated<boolean>;
  display_order: Generated<number>;
  created_at: Timestamp;
}

export interface BrandsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  logo_url: string | null;
  cover_image_url: string | null;
  website_url: string | null;
  featured: Generated<boolean>;
  created_at: Timestamp;
}

export interface CategoriesTable {
  name: string;
  created_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  price: Numeric;
  discount_percentage: Numeric;
  category: Generated<string>;
  stock: Generated<number>;
  status: Generated<"draft" | "active" | "archived">;
  brand_id: string | null;
  specifications: Json;
  video_url: string | null;
  thumbnail_url: string | null;
  rating_sum: Generated<number>;
  review_count: Generated<number>;
  feed_rank: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MarketplaceListingsTable {
  product_id: string;
  marketplace_id: string;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface ProductHighlightsTable {
  id: Generated<string>;
  product_id: string;
  text: string;
  display_order: Generated<number>;
}

export interface ProductPromotionsTable {
  id: Generated<string>;
  product_id: string;
  has_promotion: Generated<boolean>;
  label: string | null;
  promo_end_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface ProductVariantsTable {
  id: Generated<string>;
  product_id: string;
  size: string | null;
  color: string | null;
  color_hex: string | null;
  stock: Generated<number>;
  price_adjustment: Numeric;
  image_url: string | null;
}

export type MediaType = "image" | "video";
export type MediaCategory = "product" | "ugc";

export interface ProductMediaTable {
  id: Generated<string>;
  product_id: string;
  url: string;
  type: Generated<MediaType>;
  category: Generated<MediaCategory>;
  title: string | null;
  duration: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  is_main: Generated<boolean>;
  is_cover: Generated<boolean>;
  display_order: Generated<number>;
  display_on_landing_page: Generated<boolean>;
  display_on_profile_page: Generated<boolean>;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  view_count: Generated<number>;
  share_count: Generated<number>;
  thumbnail_url: string | null;
  source_type: Generated<string>;
  original_url: string | null;
  status: Generated<"processing" | "ready" | "failed">;
  metadata: Json;
  created_at: Timestamp;
}

export interface MediaRenditionsTable {
  media_id: string;
  height: number;
  width: number;
  url: string;
  bytes: Generated<number>;
}

export interface MediaJobsTable {
  id: Generated<string>;
  kind: string;
  payload: JSONColumnType<Record<string, unknown>>;
  status: Generated<"queued" | "running" | "done" | "failed">;
  attempts: Generated<number>;
  last_error: string | null;
  run_after: Timestamp;
  locked_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  avatar_key: string | null;
  is_admin: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserMarketplacePreferencesTable {
  user_id: string;
  marketplace_id: string;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SavedItemsTable {
  user_id: string;
  product_id: string;
  created_at: Timestamp;
}

export interface VideoLikesTable {
  id: Generated<string>;
  media_id: string;
  user_id: string;
  product_id: string;
  created_at: Timestamp;
}

export interface VideoCommentsTable {
  id: Generated<string>;
  media_id: string;
  product_id: string;
  user_id: string;
  user_name: string;
  user_avatar: string | null;
  comment: string;
  is_edited: Generated<boolean>;
  is_deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SharePlatform = "native" | "facebook" | "twitter" | "instagram" | "message" | "copy-link";

export interface VideoSharesTable {
  id: Generated<string>;
  media_id: string;
  product_id: string;
  user_id: string | null;
  platform: SharePlatform;
  device_info: Json;
  created_at: Timestamp;
}

export interface VideoViewsTable {
  id: Generated<string>;
  media_id: string;
  product_id: string;
  user_id: string | null;
  session_id: string;
  viewed_at: Timestamp;
}

export interface ReviewsTable {
  id: Generated<string>;
  product_id: string;
  user_id: string | null;
  author_name: string;
  rating: number;
  body: Generated<string>;
  created_at: Timestamp;
}

/** better-auth's user table (created by its migrations). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DB {
  marketplaces: MarketplacesTable;
  brands: BrandsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  marketplace_listings: MarketplaceListingsTable;
  product_highlights: ProductHighlightsTable;
  product_promotions: ProductPromotionsTable;
  product_variants: ProductVariantsTable;
  product_media: ProductMediaTable;
  media_renditions: MediaRenditionsTable;
  media_jobs: MediaJobsTable;
  profiles: ProfilesTable;
  user_marketplace_preferences: UserMarketplacePreferencesTable;
  cart_items: CartItemsTable;
  saved_items: SavedItemsTable;
  video_likes: VideoLikesTable;
  video_comments: VideoCommentsTable;
  video_shares: VideoSharesTable;
  video_views: VideoViewsTable;
  reviews: ReviewsTable;
  user: AuthUserTable;
}
