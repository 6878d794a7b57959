import type { Me } from "@reelmart/core/api/profile";
import { useQuery } from "@tanstack/react-query";
import { getSessionUserQueryOptions } from "./api/get-session-user.ts";

/** The signed-in user as GET /api/session and GET /api/me return it (the contract lives in core). */
export type SessionUser = Me;

type SessionStatus = "loading" | "anonymous" | "signed-in";

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
}

/**
 * Who is using the app. While the first request is in flight the status is 'loading' (guards show
 * a spinner); if it fails for another reason (offline) we treat the visitor as anonymous so the
 * public screens still work.
 */
export function useSession(): Session {
  const query = useQuery(getSessionUserQueryOptions());
  if (query.isPending) return { status: "loading", user: null };
  const user = query.data ?? null;
  return user ? { status: "signed-in", user } : { status: "anonymous", user: null };
}
