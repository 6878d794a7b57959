import type { AnalyticsRangeQuery, AnalyticsSort, TopProducts } from "@reelmart/core/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const listTopProducts = (range: AnalyticsRangeQuery, sort: AnalyticsSort, signal?: AbortSignal) =>
  apiRequest<TopProducts>("/admin/analytics/top-products", { signal, query: { ...range, sort, limit: 10 } });

export const topProductsQuery = (range: AnalyticsRangeQuery, sort: AnalyticsSort) =>
  queryOptions({ queryKey: [...adminKeys.analytics, "top-products", range, sort], queryFn: ({ signal }) => listTopProducts(range, sort, signal), placeholderData: keepPreviousData });

export const useTopProducts = (range: AnalyticsRangeQuery, sort: AnalyticsSort) => useQuery(topProductsQuery(range, sort));
