import type { Invitation } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

/** POST /api/admin/invitations: creates the account and emails a set-password link. */
export const inviteUser = (email: string) => apiRequest<Invitation>("/admin/invitations", { method: "POST", body: { email } });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }) });
}
