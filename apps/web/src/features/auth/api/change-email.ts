import { authRequest } from "../../../shared/session/auth-client.ts";

/** Sends a confirmation link to the current address; the email changes once it is opened. */
export const changeEmail = (newEmail: string) => authRequest<{ status: boolean }>("/change-email", { newEmail, callbackURL: "/account/security" });
