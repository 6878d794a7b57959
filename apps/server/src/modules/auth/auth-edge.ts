import { ERROR_CODES } from "@reelmart/core/api/errors";
import { REQUEST_NOT_VALID, SAFE_TEXT_RULE, fallbackSentence } from "@reelmart/core/api/field-messages";
import { isSafeText } from "@reelmart/core/api/text";
import { BODY_NOT_AN_OBJECT, BODY_NOT_JSON, errorBody } from "../../http/errors.ts";

// What stands between a client and better-auth's handler: its endpoints validate with their own
// schemas (no text rule; a NUL in a phone number reached PostgreSQL as a 500) and answer errors as
// `{ code, message }`. Ours are `{ error: { code, message } }` everywhere (DESIGN.md, Contracts).

const MAX_DEPTH = 32;

type Checked = { ok: true; body: string | undefined; contentType?: string } | { ok: false; message: string; field?: string };

/**
 * What better-auth is handed for a POST without a body: no fields. An endpoint that needs none
 * (sign-out) runs; one that needs some says so (update-user: 'No fields to update'). Its hooks
 * read fields of the body, and one without any threw (a 500).
 */
const NO_FIELDS = { body: "{}", contentType: "application/json" };

/** The words for text breaking the text rule at `path`, as the schemas' own refinement would say them. */
const unsafeTextMessage = (path: string[]) => fallbackSentence({ code: "custom", params: { rule: SAFE_TEXT_RULE }, path, input: undefined });

/** The first string (key or value) in a parsed JSON value that breaks the text rule, as a dotted path. */
function findUnsafeText(value: unknown, path: string[], depth = 0): { path: string; message: string } | null {
  if (depth > MAX_DEPTH) return { path: path.join("."), message: REQUEST_NOT_VALID };
  if (typeof value === "string") return isSafeText(value) ? null : { path: path.join("."), message: unsafeTextMessage(path) };
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    if (!isSafeText(key)) return { path: [...path, "(key)"].join("."), message: REQUEST_NOT_VALID };
    const found = findUnsafeText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Reads the request once: a JSON body must parse, be an object (better-auth's hooks read its fields:
 * null, a number or a string threw a 500) and every string in it (and in the query) must pass the
 * text rule. Returns the body text to hand on, since the original stream is consumed.
 */
export async function checkAuthRequest(request: Request): Promise<Checked> {
  const url = new URL(request.url);
  for (const [key, value] of url.searchParams) {
    if (!isSafeText(key) || !isSafeText(value)) return { ok: false, message: isSafeText(key) ? unsafeTextMessage([key]) : REQUEST_NOT_VALID, field: key };
  }
  if (request.method !== "POST") return { ok: true, body: undefined };
  const body = await request.text();
  if (!body) return { ok: true, ...NO_FIELDS };
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("json")) return { ok: true, body };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // swallowed: answered as a 400 naming the body.
    return { ok: false, message: BODY_NOT_JSON, field: "body" };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { ok: false, message: BODY_NOT_AN_OBJECT, field: "body" };
  const unsafe = findUnsafeText(parsed, []);
  if (unsafe) return { ok: false, message: unsafe.message, field: unsafe.path || "body" };
  return { ok: true, body };
}

const DEFAULT_CODES: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedMedia,
  429: ERROR_CODES.rateLimited,
};

/**
 * better-call's validation refusal, "[body.email] Enter a valid email address; [body.name] …": its
 * first issue's words (the process's zod speaks ours, core/api/field-messages.ts) and the field they
 * name, as our own 400s give them.
 */
const VALIDATION_REFUSAL = /^\[(?:body|query)(?:\.([^\]]*))?\] (.*?)(?:; \[(?:body|query)[.\]].*)?$/s;

/**
 * better-auth's error answer in the API's shape. Its own codes (INVALID_EMAIL_OR_PASSWORD,
 * WEAK_PASSWORD, …) are kept, since clients act on them; the 429 gets the standard Retry-After.
 */
export async function toErrorContract(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  let parsed: { code?: unknown; message?: unknown; reasons?: unknown } = {};
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (value && typeof value === "object") parsed = value as typeof parsed;
  } catch {
    // swallowed: a plain-text or empty error body: the status still says what happened.
  }
  const code = response.status === 429 ? ERROR_CODES.rateLimited : typeof parsed.code === "string" && parsed.code ? parsed.code : (DEFAULT_CODES[response.status] ?? (response.status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest));
  let message = typeof parsed.message === "string" && parsed.message ? parsed.message : response.statusText || "Request failed";
  let field: string | undefined;
  const refusal = code === "VALIDATION_ERROR" ? VALIDATION_REFUSAL.exec(message) : null;
  if (refusal) {
    field = refusal[1] || undefined;
    message = refusal[2] || REQUEST_NOT_VALID;
  }
  const body = errorBody(code, message, field);
  if (Array.isArray(parsed.reasons)) Object.assign(body.error, { reasons: parsed.reasons });
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  const retryAfter = headers.get("X-Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}
