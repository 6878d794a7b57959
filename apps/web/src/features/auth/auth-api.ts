import type { AuthProviders } from "@reelmart/core/api/auth";
import { apiRequest } from "../../shared/api/client.ts";
import { authRequest } from "../../shared/session/auth-client.ts";


export const authProvidersQueryKey = ["auth-providers"] as const;

/** Which optional sign-in methods the server has configured (Google only with its client id and secret). */
export const fetchAuthProviders = () => apiRequest<AuthProviders>("/auth-providers");

/** Signed in, or (two-factor on) `twoFactorRedirect`: the password was right and a code comes next. */
export const signInWithEmail = (email: string, password: string) =>
  authRequest<{ user: { id: string } } | { twoFactorRedirect: true }>("/sign-in/email", { email, password, rememberMe: true });

export const signUpWithEmail = (input: { email: string; password: string; name: string }) =>
  authRequest<{ user: { id: string } }>("/sign-up/email", { ...input, callbackURL: "/profile" });

export const saveNames = (firstName: string, lastName: string) =>
  apiRequest("/me/profile", { method: "PATCH", body: { firstName, lastName } });

export const requestPasswordReset = (email: string) =>
  authRequest<{ status: boolean }>("/request-password-reset", { email, redirectTo: "/auth?mode=reset" });

export const resetPassword = (token: string, newPassword: string) => authRequest<{ status: boolean }>("/reset-password", { token, newPassword });

/** Starts Google's redirect flow; better-auth returns the consent URL, and we come back to /auth. */
export const startGoogleSignIn = (returnTo: string) =>
  authRequest<{ url: string; redirect: boolean }>("/sign-in/social", {
    provider: "google",
    callbackURL: `/auth?from=${encodeURIComponent(returnTo)}`,
    errorCallbackURL: "/auth",
    newUserCallbackURL: `/auth?from=${encodeURIComponent(returnTo)}`,
  });

/**
 * One Tap's ID token, verified by the server against the configured Google issuer's keys (Google's,
 * or GOOGLE_ISSUER's) through better-auth's ID-token sign-in.
 */
export const signInWithGoogleIdToken = (idToken: string) =>
  authRequest<{ token: string }>("/sign-in/social", { provider: "google", idToken: { token: idToken } });

