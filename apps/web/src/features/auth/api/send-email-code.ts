import { authRequest } from "../../../shared/session/auth-client.ts";

/** Emails a one-time sign-in code. */
export const sendEmailCode = (email: string) => authRequest<{ success: boolean }>("/email-otp/send-verification-otp", { email, type: "sign-in" });
