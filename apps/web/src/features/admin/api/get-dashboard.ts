import type { Dashboard } from "@reelmart/core/api/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getDashboard = (signal?: AbortSignal) => apiRequest<Dashboard>("/admin/dashboard", { signal });

export const dashboardQuery = () => queryOptions({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal), staleTime: 0 });

export const useDashboard = () => useQuery(dashboardQuery());
