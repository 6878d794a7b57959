import { ApiRequestError } from "./client.ts";

/** What a shopper calls each field the API may name in an error ('[body.email]' → 'Email'). */
const FIELD_NAMES: Record<string, string> = {
  email: "Email",
  password: "Password",
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone number",
  phoneNumber: "Phone number",
  q: "Search",
  term: "Search",
  comment: "Comment",
  quantity: "Quantity",
  productId: "Product",
  marketplaceId: "Marketplace",
  otp: "Code",
  code: "Code",
  rating: "Rating",
  body: "Review",
};

/** The field an error names: the server's `field`, or the '[body.email]' / 'q:' prefix of a validator's message. */
export function errorField(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const named = error instanceof ApiRequestError ? error.field : undefined;
  const fromMessage = /^\[(?:body|query|param)\.([\w.]+)\]/.exec(error.message)?.[1] ?? /^([\w.]+): /.exec(error.message)?.[1];
  const field = named ?? fromMessage;
  return field?.split(".").at(-1);
}

function fieldProblem(label: string, message: string): string {
  if (/too big|at most|<=|too long|maximum/i.test(message)) return `${label} is too long.`;
  if (/too small|at least|>=|too short|minimum/i.test(message)) return `${label} is too short.`;
  if (/email/i.test(message)) return "Enter a valid email address.";
  if (/required|expected .*received undefined/i.test(message)) return `${label} is required.`;
  return `Check ${label.toLowerCase()} and try again.`;
}

/**
 * An error in words a shopper understands, never a validator's or server's raw text: connection
 * problems, server trouble and rate limits by kind, and a bad field by its name.
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
  // Conflicts are the store's own sentences, written for people ('Only 2 in stock', 'Your cart is empty').
  if (error.status === 409 && error.message) return error.message;
  const field = errorField(error);
  if (field) return fieldProblem(FIELD_NAMES[field] ?? "This field", error.message);
  return "Something went wrong. Please try again.";
}
