import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { sessionQueryKey } from "../../../shared/session/api/get-session-user.ts";
import type { SessionUser } from "../../../shared/session/use-session.ts";

interface ProfileNames {
  firstName: string;
  lastName: string;
}

/** PATCH /api/me/profile: names are trimmed (also on the server). */
export const updateProfileNames = (names: ProfileNames) =>
  apiRequest<SessionUser>("/me/profile", { method: "PATCH", body: { firstName: names.firstName.trim(), lastName: names.lastName.trim() } });

/** The session query takes the answer, so every screen shows the new names at once. */
export function useUpdateProfileNames() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfileNames, onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user) });
}
