import type { AddressList } from "@reelmart/core/api/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

export const getAddresses = (signal?: AbortSignal) => apiRequest<AddressList>("/me/addresses", { signal });

export const addressesQuery = (userId: string | null) =>
  queryOptions({ queryKey: ["addresses", userId ?? "anonymous"], queryFn: ({ signal }) => getAddresses(signal), enabled: Boolean(userId) });

/** GET /api/me/addresses: the shopper's saved delivery addresses, newest first. */
export const useAddresses = (userId: string | null) => useQuery(addressesQuery(userId));
