import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../../shared/ui/toast.ts";
import { apiRequest } from "../../../../shared/api/client.ts";
import { shopperMessage } from "../../../../shared/api/shopper-message.ts";
import { adminKeys } from "../../api/admin-keys.ts";

export function approveSubmission(id: string) {
  return apiRequest<{ mediaId: string }>(`/admin/submissions/${id}/approve`, { method: "POST" });
}

export function rejectSubmission(id: string, reason: string) {
  return apiRequest<void>(`/admin/submissions/${id}/reject`, { method: "POST", body: { reason } });
}

/** POST /api/admin/submissions/{id}/approve | reject: the moderation decision. */
export function useModerateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { id: string; approve: true } | { id: string; approve: false; reason: string }): Promise<void> => {
      if (decision.approve) await approveSubmission(decision.id);
      else await rejectSubmission(decision.id, decision.reason);
    },
    onSuccess: (_result, decision) => {
      toast.success(decision.approve ? "Video approved" : "Video rejected");
      void queryClient.invalidateQueries({ queryKey: adminKeys.submissions });
      return queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary });
    },
    onError: (error) => toast.error("Could not save the decision", { description: shopperMessage(error) }),
  });
}
