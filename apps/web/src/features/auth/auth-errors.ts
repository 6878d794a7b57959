import { AuthRequestError } from "../../shared/session/auth-client.ts";

export const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";

export interface FormError {
  message: string;
  reasons: string[];
  /** The field the message belongs to, for aria-describedby. */
  field?: "email" | "password";
}

/** The form field a refusal marks: the credential it names (a new email or password is marked as one too). */
function credentialField(field: string | undefined): FormError["field"] {
  if (field === "email" || field === "newEmail") return "email";
  if (field === "password" || field === "newPassword") return "password";
  return undefined;
}

/** better-auth error codes in words (000 §8): weak passwords carry their reasons. */
export function describeAuthError(error: unknown): FormError {
  if (!(error instanceof AuthRequestError)) return { message: "Something went wrong. Please try again.", reasons: [] };
  if (error.status === 429) return { message: "Too many attempts. Please wait a few seconds and try again.", reasons: [] };
  switch (error.code) {
    case "WEAK_PASSWORD":
      return { message: "Password is too weak:", reasons: error.reasons, field: "password" };
    case "VALIDATION_FAILED":
      return { message: MISSING_CREDENTIALS, reasons: [] };
    // A value the server's schema refused, in the words core writes for people (decision 213).
    case "VALIDATION_ERROR":
      return { message: error.message, reasons: [], field: credentialField(error.field) };
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return { message: "Invalid email or password", reasons: [] };
    case "INVALID_EMAIL":
      return { message: "Please enter a valid email address", reasons: [], field: "email" };
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return { message: "An account with this email already exists. Sign in instead.", reasons: [], field: "email" };
    case "PASSWORD_TOO_SHORT":
      return { message: "Password is too weak:", reasons: ["Password must be at least 8 characters"], field: "password" };
    case "INVALID_TOKEN":
      return { message: "This reset link is invalid or has expired. Request a new one.", reasons: [] };
    case "network":
      return { message: "Network connection lost", reasons: [] };
    default:
      return { message: error.message || "Something went wrong. Please try again.", reasons: [] };
  }
}

/** Identity errors after which the session stays (000 §4); any other URL error signs the user out. */
export const SESSION_KEEPING_ERRORS = new Set(["identity_already_exists", "identity_not_found", "single_identity_not_deletable"]);

const URL_ERROR_MESSAGES: Record<string, string> = {
  identity_already_exists: "This Google account is already linked to another user.",
  identity_not_found: "That sign-in method is not linked to your account.",
  single_identity_not_deletable: "You cannot remove your only way to sign in.",
  access_denied: "Sign-in was cancelled.",
  state_mismatch: "Sign-in expired. Please try again.",
  please_restart_the_process: "Sign-in expired. Please try again.",
  unable_to_link_account: "We could not link that account.",
  email_not_found: "Your Google account did not share an email address.",
  signup_disabled: "New accounts cannot be created right now.",
  invalid_token: "This link is invalid or has expired.",
  token_expired: "This link has expired. Request a new one.",
};

// better-auth's names for the spec's identity errors (000 §4), so linking failures keep the session.
const SPEC_URL_ERRORS: Record<string, string> = {
  account_already_linked_to_different_user: "identity_already_exists",
};

/** The spec's code for an error carried in the URL after a redirect. */
export function specUrlError(code: string): string {
  return SPEC_URL_ERRORS[code] ?? code;
}

export function describeUrlError(code: string, description: string | null): string {
  return URL_ERROR_MESSAGES[code] ?? description ?? `Sign-in failed (${code.replace(/_/g, " ")}).`;
}

/** Only same-site paths are followed after sign-in (never another origin, never back to /auth). */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== "string" || !candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return "/";
  if (candidate === "/auth" || candidate.startsWith("/auth?") || candidate.startsWith("/auth/")) return "/";
  return candidate;
}
