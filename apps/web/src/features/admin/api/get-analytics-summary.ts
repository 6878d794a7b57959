import type { AnalyticsScopedQuery, AnalyticsSummary } from "@reelmart/core/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getAnalyticsSummary = (range: AnalyticsScopedQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsSummary>("/admin/analytics/summary", { signal, query: range });

export const analyticsSummaryQuery = (range: AnalyticsScopedQuery) =>
  queryOptions({ queryKey: [...adminKeys.analytics, "summary", range], queryFn: ({ signal }) => getAnalyticsSummary(range, signal), placeholderData: keepPreviousData });

export const useAnalyticsSummary = (range: AnalyticsScopedQuery) => useQuery(analyticsSummaryQuery(range));
