import type { AnalyticsRangeQuery, AnalyticsSort, TopVideos } from "@reelmart/core/api/analytics";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

/** The range, and a product to list only its videos. */
type VideosOf = AnalyticsRangeQuery & { productId?: string };

export const listTopVideos = (range: VideosOf, sort: AnalyticsSort, signal?: AbortSignal) =>
  apiRequest<TopVideos>("/admin/analytics/top-videos", { signal, query: { ...range, sort, limit: 10 } });

export const topVideosQuery = (range: VideosOf, sort: AnalyticsSort) =>
  queryOptions({ queryKey: [...adminKeys.analytics, "top-videos", range, sort], queryFn: ({ signal }) => listTopVideos(range, sort, signal), placeholderData: keepPreviousData });

export const useTopVideos = (range: VideosOf, sort: AnalyticsSort) => useQuery(topVideosQuery(range, sort));
