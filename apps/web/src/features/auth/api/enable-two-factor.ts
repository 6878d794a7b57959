import { authRequest } from "../../../shared/session/auth-client.ts";

export interface TwoFactorEnrolment {
  /** otpauth:// URI for the authenticator app (shown as a QR code). */
  totpURI: string;
  /** Shown once; each signs in once when the phone is lost. */
  backupCodes: string[];
}

/** Starts enrolment; two-factor is on once a first code from the app is verified. */
export const enableTwoFactor = (password: string) => authRequest<TwoFactorEnrolment>("/two-factor/enable", { password });
