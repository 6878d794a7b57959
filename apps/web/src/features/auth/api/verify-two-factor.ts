import { authRequest } from "../../../shared/session/auth-client.ts";

/**
 * The second step of a sign-in with two-factor on (the cookie from the password step says who), or
 * the last step of enrolment: a code from the authenticator app, or one of the backup codes.
 */
export const verifyTwoFactor = (code: string, kind: "totp" | "backup", trustDevice = false) =>
  authRequest<{ token?: string }>(kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code", { code, trustDevice });
