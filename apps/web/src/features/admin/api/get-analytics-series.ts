import type { AnalyticsScopedQuery, AnalyticsSeries } from "@reelmart/core/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getAnalyticsSeries = (range: AnalyticsScopedQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsSeries>("/admin/analytics/series", { signal, query: range });

export const analyticsSeriesQuery = (range: AnalyticsScopedQuery) =>
  queryOptions({ queryKey: [...adminKeys.analytics, "series", range], queryFn: ({ signal }) => getAnalyticsSeries(range, signal), placeholderData: keepPreviousData });

export const useAnalyticsSeries = (range: AnalyticsScopedQuery) => useQuery(analyticsSeriesQuery(range));
