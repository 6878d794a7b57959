import type { Me, Session } from "@reelmart/core/api/profile";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";

/** Set or invalidate this key after sign-in, sign-out and profile edits. */
export const sessionQueryKey = ["session"] as const;

/** GET /api/session: the signed-in user, or null for an anonymous visitor (the server answers 200 either way). */
export async function getSessionUser(signal?: AbortSignal): Promise<Me | null> {
  const session = await apiRequest<Session>("/session", { signal });
  return session.user;
}

export const getSessionUserQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSessionUser(signal), staleTime: 5 * 60_000 });
