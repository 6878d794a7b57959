import type { SavedList } from "@reelmart/core/api/engagement";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";

/** GET /api/saved: the account's saved products, newest first. */
export const getSaved = (signal?: AbortSignal) => apiRequest<SavedList>("/saved", { signal });

export const getSavedQueryOptions = () => queryOptions({ queryKey: ["saved"], queryFn: ({ signal }) => getSaved(signal) });
