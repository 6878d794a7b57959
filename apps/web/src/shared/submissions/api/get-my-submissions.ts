import type { SubmissionList } from "@reelmart/core/api/media";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";

export const mySubmissionsQueryKey = ["me", "submissions"] as const;

export function getMySubmissions(signal?: AbortSignal) {
  return apiRequest<SubmissionList>("/me/submissions", { signal });
}

/** GET /api/me/submissions: the shopper's own videos and their review status (polled while one processes). */
export function useMySubmissions(enabled: boolean) {
  return useQuery({
    queryKey: mySubmissionsQueryKey,
    queryFn: ({ signal }) => getMySubmissions(signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === "processing") ? 3000 : false),
  });
}
