import type { AnalyticsFunnel, AnalyticsRangeQuery } from "@reelmart/core/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getAnalyticsFunnel = (range: AnalyticsRangeQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsFunnel>("/admin/analytics/funnel", { signal, query: range });

export const analyticsFunnelQuery = (range: AnalyticsRangeQuery) =>
  queryOptions({ queryKey: [...adminKeys.analytics, "funnel", range], queryFn: ({ signal }) => getAnalyticsFunnel(range, signal), placeholderData: keepPreviousData });

export const useAnalyticsFunnel = (range: AnalyticsRangeQuery) => useQuery(analyticsFunnelQuery(range));
