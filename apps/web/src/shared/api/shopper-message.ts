import { ApiRequestError } from "./client.ts";

/**
 * An error in words a shopper or owner understands: connection problems, server trouble, access and
 * rate limits by kind; any other refusal in the API's own words, which the core schemas and the
 * services write for people and which name the field as the screens label it (decision 213). An
 * answer without the API's error body (a proxy's page) is never shown as it came.
 */
export function shopperMessage(error: unknown): string {
  if (typeof navigator !== "undefined" && !navigator.onLine) return "You're offline. Check your connection and try again.";
  if (!(error instanceof ApiRequestError)) return "Something went wrong. Please try again.";
  if (error.code === "network") return "We couldn't reach the store. Check your connection and try again.";
  if (error.code === "timeout") return "This is taking too long. Check your connection and try again.";
  if (error.status === 429) return "Too many tries. Wait a moment and try again.";
  if (error.status >= 500 || error.status === 0) return "Something went wrong on our side. Please try again.";
  if (error.status === 401) return "Please sign in to continue.";
  if (error.status === 403) return "You don't have access to this.";
  if (error.status === 404) return "We couldn't find that. It may have been removed.";
  if (error.code.startsWith("http_") || !error.message) return "Something went wrong. Please try again.";
  return error.message;
}
