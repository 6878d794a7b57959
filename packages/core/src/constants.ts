// The product's constants, copied from the specification documents (shared/spec). Each group names
// the section it comes from so a reader can check them letter by letter.

/** Shell (000 §9). The mobile breakpoint (768 px) and the bottom bar's 60 px live in the web's CSS. */
export const CART_BADGE_CAP = 99;
export const SPLASH_MIN_MS = 2000;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_CACHE_CONTROL_SECONDS = 3600;
export const VIBRATION_MS = 50;
export const ORIENTATION_REMEASURE_MS = 225;

/** Catalogue defaults (000 §3, §9; 001 §3). */
export const DEFAULT_RATING = 4.5;
export const DEFAULT_FOLLOWERS = 0;
export const BRAND_COVER_PLACEHOLDER = "/placeholder-cover.svg";
/** @public For the admin's brand form (issue 11), which sizes the placeholder cover. */
export const BRAND_COVER_PLACEHOLDER_SIZE = { width: 1200, height: 400 } as const;
/** @public For the admin's 'new draft product' (000 §3, issue 11). */
export const DRAFT_PRODUCT_DEFAULTS = { price: "0.00", category: "other", stock: 0, status: "draft" } as const;
/** @public For the admin's 'new draft product' (000 §3, issue 11). */
export const DEFAULT_BRAND_ID = "brand-1";
/** @public For media rows whose duration is not yet probed (issue 12). */
export const DEFAULT_VIDEO_DURATION_S = 30;

/** Query cache and request layer (000 §9; 001 §7, §9). */
export const QUERY_STALE_MS = 60_000;
export const PRODUCT_QUERY_STALE_MS = 5 * 60_000;
export const QUERY_GC_MS = 10 * 60_000;
export const PRODUCT_QUERY_GC_MS = 30 * 60_000;
export const QUERY_RETRIES = 2;
export const QUERY_MAX_BACKOFF_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 15_000;

/** Storage cleanup (000 §4, §9). */
export const STORAGE_CLEANUP_INTERVAL_MS = 30 * 60_000;
export const STORAGE_CLEANUP_THRESHOLD = 0.9;
export const STORAGE_KEEP_INDEXEDDB = 2;
export const SW_CACHE_TRIM_ITEMS = 20;

/** Server search (001 §5). */
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_TERM_LENGTH = 200;

/** Paging for catalogue lists (not in the spec: our choice, recorded in docs/decisions/075-catalogue-paging.md). */
export const PAGE_DEFAULT_LIMIT = 20;
export const PAGE_MAX_LIMIT = 100;

/** Local storage keys (000 §3; 001 §3). */
/**
 * The cookie mirroring the selected marketplace (local storage's selectedMarketplaceId stays the
 * source of truth): the server writes a visit's first feed page for it into the home page (decision 183).
 */
export const MARKETPLACE_COOKIE = "reelmart_marketplace";

export const STORAGE_KEYS = {
  savedItems: "savedItems",
  videoMuteState: "videoMuteState",
  videoSessionId: "videoSessionId",
  selectedMarketplace: "selectedMarketplaceId",
  marketplaceDialogVisits: "marketplaceDialogVisits",
  marketplaceDialogLastShown: "marketplaceDialogLastShown",
  thumbnailCache: "thumbnailCache",
  recentSearches: "recentSearches",
} as const;

/** Demo category list (001 §3). */
export const DEMO_CATEGORIES = [
  "All",
  "Electronics",
  "Wearables",
  "Accessories",
  "Audio",
  "Home Decor",
  "Lifestyle",
  "Smart Home",
  "Fitness",
  "Kitchen",
  "Computers",
  "Clothing",
] as const;
