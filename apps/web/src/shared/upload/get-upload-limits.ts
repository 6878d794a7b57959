import type { UploadLimits } from "@reelmart/core/api/media";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/client.ts";

export const uploadLimitsQueryKey = ["upload-limits"] as const;

export function getUploadLimits(signal?: AbortSignal) {
  return apiRequest<UploadLimits>("/uploads/limits", { signal });
}

/** GET /api/uploads/limits: the sizes the browser checks before sending a file. */
export function useUploadLimits() {
  return useQuery({ queryKey: uploadLimitsQueryKey, queryFn: ({ signal }) => getUploadLimits(signal), staleTime: Infinity });
}
