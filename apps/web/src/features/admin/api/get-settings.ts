import type { StoreSettings } from "@reelmart/core/api/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getSettings = (signal?: AbortSignal) => apiRequest<StoreSettings>("/admin/settings", { signal });

export const settingsQuery = () => queryOptions({ queryKey: adminKeys.settings, queryFn: ({ signal }) => getSettings(signal), staleTime: 0 });

export const useSettings = () => useQuery(settingsQuery());
