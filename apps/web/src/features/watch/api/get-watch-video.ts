import type { WatchVideo } from "@reelmart/core/api/catalog";
import { isUuid } from "@reelmart/core/ids";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

/** GET /api/videos/{id}: one ready video with the product it sells (404 for any other id). */
export const getWatchVideo = (id: string, signal?: AbortSignal) => apiRequest<WatchVideo>(`/videos/${encodeURIComponent(id)}`, { signal });

export const getWatchVideoQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["watch-video", id], queryFn: ({ signal }) => getWatchVideo(id, signal), enabled: isUuid(id), retry: false });

export function useWatchVideo(id: string) {
  return useQuery(getWatchVideoQueryOptions(id));
}
