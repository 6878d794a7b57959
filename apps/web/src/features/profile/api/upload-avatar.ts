import type { ErrorBody } from "@reelmart/core/api/errors";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../../../shared/api/client.ts";
import { sessionQueryKey } from "../../../shared/session/api/get-session-user.ts";
import type { SessionUser } from "../../../shared/session/use-session.ts";

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
  // swallowed: a body that is not JSON (a proxy's error page) leaves the status to answer below.
  const body = (await response.json().catch(() => null)) as (SessionUser & Partial<ErrorBody>) | null;
  if (!response.ok || !body) {
    throw new ApiRequestError(response.status, body?.error?.code ?? `http_${response.status}`, body?.error?.message ?? response.statusText, body?.error?.field);
  }
  return body;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user) });
}
