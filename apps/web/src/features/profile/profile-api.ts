import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, apiRequest } from "../../shared/api/client.ts";
import { type SessionUser, sessionQueryKey } from "../../shared/session/use-session.ts";

/** PATCH /api/me/profile: names are trimmed (also on the server); the session query gets the answer. */
export function useUpdateNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: { firstName: string; lastName: string }) =>
      apiRequest<SessionUser>("/me/profile", { method: "PATCH", body: { firstName: names.firstName.trim(), lastName: names.lastName.trim() } }),
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}

/**
 * POST /api/me/avatar (multipart). apiRequest only speaks JSON, so this one request builds its own
 * FormData body; errors use the same ApiRequestError.
 */
export async function uploadAvatar(file: File): Promise<SessionUser> {
  const form = new FormData();
  form.set("file", file);
  let response: Response;
  try {
    response = await fetch("/api/me/avatar", { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiRequestError(0, "network", "Network connection lost");
  }
  const body = (await response.json().catch(() => null)) as (SessionUser & { error?: { code: string; message: string; field?: string } }) | null;
  if (!response.ok || !body) {
    throw new ApiRequestError(response.status, body?.error?.code ?? `http_${response.status}`, body?.error?.message ?? response.statusText, body?.error?.field);
  }
  return body;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
