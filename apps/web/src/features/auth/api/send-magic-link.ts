import { authRequest } from "../../../shared/session/auth-client.ts";

/** Emails a link that signs in when opened, and comes back to `returnTo`. */
export const sendMagicLink = (email: string, returnTo: string) =>
  authRequest<{ status: boolean }>("/sign-in/magic-link", { email, callbackURL: returnTo, errorCallbackURL: "/auth" });
