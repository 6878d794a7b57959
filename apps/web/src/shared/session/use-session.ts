import type { Me } from "@reelmart/core/api/profile";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiRequest } from "../api/client.ts";

/** The signed-in user as GET /api/me returns it (the contract lives in core). */
export type SessionUser = Me;

export type SessionStatus = "loading" | "anonymous" | "signed-in";

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
}

/** Invalidate or set this key after sign-in, sign-out and profile edits. */
export const sessionQueryKey = ["session"] as const;

/** GET /api/me; a 401 means "signed out", not an error, so it resolves to null. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await apiRequest<SessionUser>("/me");
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/**
 * Who is using the app. While the first request is in flight the status is 'loading' (guards show
 * a spinner); if it fails for another reason (offline) we treat the visitor as anonymous so the
 * public screens still work.
 */
export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionUser,
    staleTime: 5 * 60_000,
  });
  if (query.isPending) return { status: "loading", user: null };
  const user = query.data ?? null;
  return user ? { status: "signed-in", user } : { status: "anonymous", user: null };
}
