import { QUERY_GC_MS, QUERY_MAX_BACKOFF_MS, QUERY_RETRIES, QUERY_STALE_MS } from "@reelmart/core/constants";
import { QueryClient, timeoutManager } from "@tanstack/react-query";
import { ApiRequestError } from "../shared/api/client.ts";
import { productCache } from "../shared/product/api/product-cache.ts";
import { productKeys } from "../shared/product/api/product-keys.ts";
import { coalescedTimeouts } from "./query-timers.ts";

// Before any QueryClient exists, as React Query asks of a provider (a timer is cleared by the
// provider that set it).
timeoutManager.setTimeoutProvider(coalescedTimeouts());

/**
 * The spec's cache constants (000 §9): stale 1 min (5 min for products), retained 10 min (30 min for
 * products), 2 retries, backoff up to 30 s. Request timeouts (15 s) live in the API client.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: (failures, error) =>
          failures < QUERY_RETRIES && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_MAX_BACKOFF_MS),
        refetchOnWindowFocus: false,
      },
    },
  });
  client.setQueryDefaults(productKeys.details, productCache);
  client.setQueryDefaults(productKeys.lists, productCache);
  return client;
}
