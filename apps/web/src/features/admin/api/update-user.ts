import type { AdminUser } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export type UserChange = { id: string; change: "grant-admin" | "revoke-admin" | "ban" | "unban" | "sign-out" };

/** The user row's actions: PUT …/admin, PUT …/ban or POST …/sign-out under /api/admin/users/{id}. */
export const updateUser = async ({ id, change }: UserChange): Promise<unknown> => {
  const base = `/admin/users/${encodeURIComponent(id)}`;
  if (change === "sign-out") return apiRequest<{ sessionsEnded: number }>(`${base}/sign-out`, { method: "POST" });
  if (change === "grant-admin" || change === "revoke-admin") return apiRequest<AdminUser>(`${base}/admin`, { method: "PUT", body: { isAdmin: change === "grant-admin" } });
  return apiRequest<AdminUser>(`${base}/ban`, { method: "PUT", body: { banned: change === "ban" } });
};

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
