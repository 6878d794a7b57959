import { z } from "zod";
import { SAFE_TEXT_RULE, fieldError } from "./field-messages.ts";

/**
 * Control characters no text field accepts: C0 controls other than tab, line feed and carriage
 * return (NUL among them: PostgreSQL text cannot hold it, so it would fail in the database as a
 * 500), DEL and the C1 controls, which no keyboard types and which terminals and logs interpret.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const DISALLOWED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// With the u flag a surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a string may be stored and shown: well-formed UTF-16 (no lone surrogates) with no disallowed control characters. */
export function isSafeText(value: string): boolean {
  return !LONE_SURROGATE.test(value) && !DISALLOWED_CONTROL.test(value);
}

/**
 * The one rule for text a client sends (docs/security.md): every body and query schema that
 * carries free text starts from this instead of z.string(), so a bad character is a 400 naming the
 * field, never a database error. Chain .trim(), .min(), .max() as on z.string(). `label` is what
 * the screens call the field: every refusal of it is worded with it (./field-messages.ts).
 */
export function safeText(label?: string) {
  return z
    .string(label === undefined ? undefined : { error: fieldError(label) })
    .refine((value) => !LONE_SURROGATE.test(value), { params: { rule: SAFE_TEXT_RULE } })
    .refine((value) => !DISALLOWED_CONTROL.test(value), { params: { rule: SAFE_TEXT_RULE } });
}
