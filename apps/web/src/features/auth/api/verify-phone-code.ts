import { authRequest } from "../../../shared/session/auth-client.ts";

/** Signs in with the texted code; a number seen for the first time gets a new account. */
export const verifyPhoneCode = (phoneNumber: string, code: string) =>
  authRequest<{ status: boolean }>("/phone-number/verify", { phoneNumber, code });
