import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { AuthRequestError, authRequest } from "./auth-client.ts";
import { sessionQueryKey } from "./use-session.ts";

/**
 * Sign-out (000 §4): local user, session and profile are cleared even when the server call fails;
 * 401/403/404 mean the session was already gone and count as success.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    let clean = true;
    try {
      await authRequest("/sign-out");
    } catch (error) {
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
