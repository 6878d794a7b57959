import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../ui/toast.ts";
import { AuthRequestError, authRequest } from "./auth-client.ts";
import { sessionQueryKey } from "./api/get-session-user.ts";

/** Pauses before the second and third attempt of a sign-out that failed on the way or on the server. */
const SIGN_OUT_RETRY_DELAYS_MS = [400, 1_200];

/**
 * POST /api/auth/sign-out, tried again after a network failure or a 5xx: the session cookie is
 * HttpOnly, so only the server can end it, and a page that merely forgets the user would leave the
 * session valid. 401/403/404 and other 4xx are final (the session is already gone or never will be).
 */
async function endServerSession(): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await authRequest("/sign-out");
      return;
    } catch (error) {
      const transient = error instanceof AuthRequestError && (error.status === 0 || error.status >= 500);
      const delay = SIGN_OUT_RETRY_DELAYS_MS[attempt];
      if (!transient || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Sign-out (000 §4): local user, session and profile are cleared even when the server answers with
 * an error; 401/403/404 mean the session was already gone and count as success. Failures on the way
 * or on the server are retried first (endServerSession). A request that never reached the server is
 * 'Error signing out' / 'Please try again' (docs/decisions/130).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    let clean = true;
    try {
      await endServerSession();
    } catch (error) {
      // Never reached the server: the session cookie (HttpOnly, out of the page's reach) is still
      // valid, so clearing only the page would pretend. Say so and keep the user signed in to retry.
      if (error instanceof AuthRequestError && error.status === 0) {
        setSigningOut(false);
        toast.error("Error signing out", { description: "Please try again" });
        return;
      }
      clean = error instanceof AuthRequestError && [401, 403, 404].includes(error.status);
    }
    // Leave the protected page first so its guard does not answer the sign-out with 'Authentication required'.
    await navigate("/", { replace: true });
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
    setSigningOut(false);
    if (clean) toast.success("Signed out");
    else toast.warning("There was an issue during sign out, but your session has been cleared.");
  }, [queryClient, navigate]);

  return { signOut, isSigningOut };
}
