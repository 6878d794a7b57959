import { STORAGE_KEYS } from "@reelmart/core/constants";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../ui/toast.ts";
import { AuthRequestError, authRequest } from "./auth-client.ts";
import { getSessionUser, sessionQueryKey } from "./api/get-session-user.ts";

/** Pauses before the second and third attempt of a sign-out that failed on the way or on the server. */
const SIGN_OUT_RETRY_DELAYS_MS = [400, 1_200];

/** Answers to a sign-out that mean the session was already gone (000 §4: they are ignored). */
const ALREADY_SIGNED_OUT = [401, 403, 404];

/**
 * POST /api/auth/sign-out, tried again after a network failure or a 5xx: the session cookie is
 * HttpOnly, so only the server can end it, and a page that merely forgets the user would leave the
 * session valid. Other answers are final.
 */
async function postSignOut(): Promise<void> {
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
 * How a sign-out ended on the server: `ended` (answered, or 401/403/404: already gone), `ended-after-error`
 * (the sign-out failed, but the server no longer knows the session), `still-signed-in` (the server
 * still holds the session, or cannot be asked): the only one in which the page must not forget the user.
 */
export type SignOutOutcome = "ended" | "ended-after-error" | "still-signed-in";

export async function endServerSession(): Promise<SignOutOutcome> {
  let failure: unknown;
  try {
    await postSignOut();
    return "ended";
  } catch (error) {
    failure = error;
  }
  // A failed sign-out may still have ended the session (the answer lost on the way back): only the
  // server can say, so it is asked rather than guessed.
  const user = await getSessionUser().catch((error: unknown) => {
    console.error("Checking the session after a failed sign-out failed", error);
    return undefined;
  });
  if (user !== null) {
    console.error("Signing out failed; the session is still live", failure);
    return "still-signed-in";
  }
  return failure instanceof AuthRequestError && ALREADY_SIGNED_OUT.includes(failure.status) ? "ended" : "ended-after-error";
}

/**
 * Forgets everything the page holds of the user once the server session has ended: every cached
 * answer (profile, cart, orders, saved, likes…), and the searches they made on this device.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, null);
  try {
    localStorage.removeItem(STORAGE_KEYS.recentSearches);
  } catch (error) {
    console.error("Clearing the recent searches failed", error);
  }
}

/**
 * Sign-out (000 §4): the page shows the user signed out only once the server session has ended
 * (decision 217). While it still lives, the page says 'Error signing out' / 'Please try again' and
 * keeps the user signed in, so a reload never signs them back in behind a signed-out screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    const outcome = await endServerSession();
    if (outcome === "still-signed-in") {
      setSigningOut(false);
      toast.error("Error signing out", { description: "Please try again" });
      return;
    }
    // Leave the protected page first so its guard does not answer the sign-out with 'Authentication required'.
    await navigate("/", { replace: true });
    forgetSignedInUser(queryClient);
    setSigningOut(false);
    if (outcome === "ended") toast.success("Signed out");
    else toast.warning("There was an issue during sign out, but your session has been cleared.");
  }, [queryClient, navigate]);

  return { signOut, isSigningOut };
}
