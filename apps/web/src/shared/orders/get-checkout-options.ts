import type { CheckoutOptions } from "@reelmart/core/api/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/client.ts";

export const getCheckoutOptions = (marketplaceId: string | null, signal?: AbortSignal) =>
  apiRequest<CheckoutOptions>("/checkout/options", { signal, query: { marketplaceId } });

export const checkoutOptionsQuery = (marketplaceId: string | null) =>
  queryOptions({ queryKey: ["checkout-options", marketplaceId ?? "default"], queryFn: ({ signal }) => getCheckoutOptions(marketplaceId, signal), staleTime: 60_000 });

/** GET /api/checkout/options: the delivery country's rules, the delivery fee and the payment choices. */
export const useCheckoutOptions = (marketplaceId: string | null) => useQuery(checkoutOptionsQuery(marketplaceId));
