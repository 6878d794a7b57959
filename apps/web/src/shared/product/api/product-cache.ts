import { PRODUCT_QUERY_GC_MS, PRODUCT_QUERY_STALE_MS } from "@reelmart/core/constants";

/** Product reads stay fresh for 5 minutes and are kept for 30 (000 §9). */
export const productCache = { staleTime: PRODUCT_QUERY_STALE_MS, gcTime: PRODUCT_QUERY_GC_MS };
