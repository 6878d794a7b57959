import type { SubmissionList } from "@reelmart/core/api/media";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../../shared/api/client.ts";
import { adminKeys } from "../../api/admin-keys.ts";

export type SubmissionFilter = "pending" | "approved" | "rejected" | "processing" | "failed";

export function getSubmissions(status: SubmissionFilter, signal?: AbortSignal) {
  return apiRequest<SubmissionList>("/admin/submissions", { signal, query: { status } });
}

/** GET /api/admin/submissions?status=: the moderation queue (pending) and the decided ones. */
export function useSubmissions(status: SubmissionFilter) {
  return useQuery({ queryKey: [...adminKeys.submissions, status], queryFn: ({ signal }) => getSubmissions(status, signal) });
}
