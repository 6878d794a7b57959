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
  country_code: string | null;
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
  /** The product's picture, derived from its media by migration 0207's triggers (decision 207): never written by the app. */
  thumbnail_url: string | null;
  rating_sum: Generated<number>;
  review_count: Generated<number>;
  feed_rank: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
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
  captions_url: string | null;
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
  media_id: string | null;
  submission_id: string | null;
  stage: string | null;
  progress: Generated<number>;
}

export type UploadPurpose = "product-video" | "product-image" | "submission" | "brand-logo" | "brand-cover" | "marketplace-flag";

export interface MediaUploadsTable {
  id: string;
  user_id: string;
  purpose: UploadPurpose;
  /** Null for brand and marketplace images (migration 0021): their target is in the metadata. */
  product_id: string | null;
  size: ColumnType<string | null, number | null | undefined, number | null>;
  upload_offset: ColumnType<string, number | undefined, number>;
  /** Offsets of the stored parts, in order: part keys are `<id>/<offset>`. */
  parts: JSONColumnType<number[]>;
  metadata: JSONColumnType<Record<string, string | null>>;
  status: Generated<"uploading" | "complete">;
  created_at: Timestamp;
  expires_at: Date;
}

export type SubmissionStatus = "processing" | "pending" | "approved" | "rejected" | "failed";

export interface MediaSubmissionsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  title: string | null;
  status: Generated<SubmissionStatus>;
  reason: string | null;
  media_id: string | null;
  result: JSONColumnType<ProcessedVideo | null, string | null, string | null>;
  source_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a video job produced: stored keys, so an approved submission can become product media. */
export interface ProcessedVideo {
  renditions: Array<{ width: number; height: number; key: string; bytes: number }>;
  posterKey: string;
  durationSeconds: number;
  width: number;
  height: number;
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
  banned_at: Date | null;
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
  variant_id: string | null;
  media_id: string | null;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Moved by one for every transaction that changes a shopper's cart lines (migration 0106, decision 201). */
export interface CartVersionsTable {
  user_id: string;
  version: number;
  /** The transaction that moved it last (txid_current()). */
  moved_by: number;
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
  /** Counted into the analytics rollups yet (migration 0081): the rollup job sets it. */
  counted: Generated<boolean>;
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

export interface AdminAuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  actor_email: string;
  /** The client address of the request (null from the CLI and before migration 0040). */
  actor_address: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: Json;
  created_at: Timestamp;
}

export interface StoreSettingsTable {
  id: Generated<boolean>;
  store_name: string;
  splash_brand_name: string;
  splash_logo_url: string | null;
  updated_at: Timestamp;
}

/** better-auth's sessions, with the columns our queries read. */
export interface AuthSessionTable {
  id: string;
  userId: string;
  expiresAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AddressesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country_code: string;
  created_at: Timestamp;
}

/** bigint columns: pg returns them as strings; values written as numbers. */
type Paise = ColumnType<string, number, number>;

export interface OrdersTable {
  id: Generated<string>;
  number: ColumnType<string, never, never>;
  user_id: string;
  marketplace_id: string | null;
  status: string;
  payment_status: string;
  delivery_status: Generated<string>;
  payment_method: string;
  payment_provider: string | null;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  subtotal_paise: Paise;
  delivery_fee_paise: Paise;
  total_paise: Paise;
  currency: Generated<string>;
  item_count: number;
  shipping_address: Json;
  expires_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderLinesTable {
  id: Generated<string>;
  order_id: string;
  product_id: string | null;
  variant_id: string | null;
  media_id: string | null;
  title: string;
  variant_label: string | null;
  image_url: string | null;
  unit_price_paise: Paise;
  quantity: number;
  line_total_paise: Paise;
  position: number;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  kind: string;
  actor: string;
  actor_user_id: string | null;
  status: string;
  payment_status: string;
  delivery_status: string;
  note: string | null;
  created_at: Timestamp;
}

export interface StockMovementsTable {
  id: Generated<string>;
  product_id: string;
  variant_id: string | null;
  order_id: string | null;
  delta: number;
  reason: string;
  created_at: Timestamp;
}

export interface OrderIdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  order_id: string | null;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  order_id: string | null;
  kind: string;
  received_at: Timestamp;
}

/** Daily figures (migration 0080): bigint revenue comes back as a string. */
interface DailyFigures {
  day: ColumnType<string, string, string>;
  views: Generated<number>;
  unique_viewers: Generated<number>;
  likes: Generated<number>;
  comments: Generated<number>;
  shares: Generated<number>;
  add_to_carts: Generated<number>;
  orders: Generated<number>;
  units: Generated<number>;
  revenue_paise: ColumnType<string, number | undefined, number>;
}

export interface AnalyticsMediaDailyTable extends DailyFigures {
  media_id: string;
  product_id: string;
}

export interface AnalyticsProductDailyTable extends DailyFigures {
  product_id: string;
  saves: Generated<number>;
}

/** Search index (migration 0070, decision 140): kept by triggers, read by modules/search. */
export interface SearchWordsTable {
  word: string;
}

export interface SearchWordVariantsTable {
  variant: string;
  word: string;
}

export interface SearchPostingsTable {
  word: string;
  product_id: string;
  /** 0 title, 1 brand, 2 category, 3 description, 4 variant colour. */
  field: number;
}

export interface SearchDocumentsTable {
  product_id: string;
  active: boolean;
  title_key: string;
  category: string;
  brand_id: string | null;
  sale_price: string;
  in_stock: boolean;
  created_at: Timestamp;
  popularity: Generated<number>;
}

export interface SearchQueriesTable {
  term: string;
  searches: Generated<number>;
  last_searched_at: Generated<Timestamp>;
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
  media_uploads: MediaUploadsTable;
  media_submissions: MediaSubmissionsTable;
  profiles: ProfilesTable;
  user_marketplace_preferences: UserMarketplacePreferencesTable;
  cart_items: CartItemsTable;
  cart_versions: CartVersionsTable;
  saved_items: SavedItemsTable;
  video_likes: VideoLikesTable;
  video_comments: VideoCommentsTable;
  video_shares: VideoSharesTable;
  video_views: VideoViewsTable;
  reviews: ReviewsTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  admin_audit_log: AdminAuditLogTable;
  store_settings: StoreSettingsTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  stock_movements: StockMovementsTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  payment_events: PaymentEventsTable;
  analytics_media_daily: AnalyticsMediaDailyTable;
  analytics_product_daily: AnalyticsProductDailyTable;
  search_words: SearchWordsTable;
  search_word_variants: SearchWordVariantsTable;
  search_postings: SearchPostingsTable;
  search_documents: SearchDocumentsTable;
  search_queries: SearchQueriesTable;
}
