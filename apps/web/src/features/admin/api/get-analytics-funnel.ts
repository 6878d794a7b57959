import type { AnalyticsFunnel, AnalyticsScopedQuery } from "@reelmart/core/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getAnalyticsFunnel = (range: AnalyticsScopedQuery, signal?: AbortSignal) =>
  apiRequest<AnalyticsFunnel>("/admin/analytics/funnel", { signal, query: range });

export const analyticsFunnelQuery = (range: AnalyticsScopedQuery) =>
  queryOptions({ queryKey: [...adminKeys.analytics, "funnel", range], queryFn: ({ signal }) => getAnalyticsFunnel(range, signal), placeholderData: keepPreviousData });

export const useAnalyticsFunnel = (range: AnalyticsScopedQuery) => useQuery(analyticsFunnelQuery(range));
