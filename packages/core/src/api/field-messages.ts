import { z } from "zod";
import { formatNumber, formatPrice } from "../format.ts";

// Decision 213: what a person reads when a value is refused is written here, once, from the zod
// issue and the field's label as the screens name it. A schema names its field with
// `z.string({ error: fieldError("Title") })` (the label reaches every check and refinement of that
// schema), so the admin forms (react-hook-form's zod resolver), the checkout form and the server's
// 400s show the same words. Fields nobody types (ids, cursors, switches) carry no label: they get
// the fallback below, which never shows a path, a type name or zod's own English.

type Issue = z.core.$ZodRawIssue;

/** A limit as the shop writes numbers (en-IN: 10,000 and 1,00,00,000). */
const limit = formatNumber;

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** Says text breaks the text rule (./text.ts): a control character or a broken emoji half. */
export const unsafeTextSentence = (label: string) => `${label} has characters that can't be saved; remove them and try again`;

/** For values a person did not type (a link's id, a page cursor, a switch): nothing they can correct by hand. */
export const REQUEST_NOT_VALID = "Something in this request is not valid; reload the page and try again";

export interface FieldWording {
  /** Written after number limits: "%" makes 'Discount can be at most 100%'. */
  unit?: string;
}

/** The sentence for one refused value of the field people call `label` ('Search can be at most 200 characters'). */
export function fieldSentence(issue: Issue, label: string, wording: FieldWording = {}): string {
  const unit = wording.unit ?? "";
  switch (issue.code) {
    case "invalid_type": {
      const input = issue.input;
      if (input === undefined || input === null || input === "") return `${label} is required`;
      if (issue.expected === "int") return `${label} must be a whole number`;
      if (issue.expected === "number" || issue.expected === "bigint") return `${label} must be a number`;
      if (issue.expected === "string") return `${label} must be text`;
      if (issue.expected === "array") return `${label} must be a list`;
      return `${label} is not valid`;
    }
    case "too_big": {
      const max = issue.maximum;
      if (issue.origin === "string") return `${label} can be at most ${limit(max)} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `${label} can have at most ${limit(max)} entries`;
      return issue.inclusive === false ? `${label} must be less than ${limit(max)}${unit}` : `${label} can be at most ${limit(max)}${unit}`;
    }
    case "too_small": {
      const min = issue.minimum;
      if (issue.origin === "string") return Number(min) <= 1 ? `${label} is required` : `${label} must be at least ${limit(min)} characters`;
      if (issue.origin === "array" || issue.origin === "set") return Number(min) <= 1 ? `${label} can't be empty` : `${label} needs at least ${limit(min)} entries`;
      if (Number(min) === 0) return `${label} can't be negative`;
      return issue.inclusive === false ? `${label} must be more than ${limit(min)}${unit}` : `${label} must be at least ${limit(min)}${unit}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "Enter a valid email address, like name@example.com";
      if (issue.format === "url") return `${label} must be a web address starting with https://`;
      if (issue.format === "datetime") return `${label} must be a date and time`;
      if (issue.format === "date") return `${label} must be a date`;
      return `${label} is not valid`;
    case "invalid_value":
      return `Choose ${lower(label)} from the options offered`;
    case "not_multiple_of":
      return `${label} must be a multiple of ${limit(Number(issue.divisor))}${unit}`;
    case "custom":
      if (issue.params?.rule === SAFE_TEXT_RULE) return unsafeTextSentence(label);
      return `${label} is not valid`;
    default:
      return `${label} is not valid`;
  }
}

/** The zod `error` param naming a field: every check and refinement of the schema it is given to speaks of `label`. */
export const fieldError =
  (label: string, wording?: FieldWording) =>
  (issue: Issue): string =>
    fieldSentence(issue, label, wording);

/** The params of the text rule's refinements, so the sentence says what is wrong with the text. */
export const SAFE_TEXT_RULE = "safe-text";

/**
 * Rupees as typed ("1299", "1299.5", "1299.50") within [min, max] (2-decimal strings), each
 * problem in its own words: an empty field, letters, a third decimal, an amount out of range.
 */
export function rupeesSchema(label: string, range: { min: string; max: string }) {
  const inRange = (value: string) => paise(value) >= paise(range.min) && paise(value) <= paise(range.max);
  const notAnAmount = `${label} must be an amount in rupees, like 1299 or 1299.50`;
  return z
    .union([z.string(), z.number()], { error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : notAnAmount) })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: () => `${label} is required`, abort: true })
        .regex(/^-?\d+(\.\d+)?$/, { error: () => notAnAmount, abort: true })
        .regex(/^-?\d+(\.\d{1,2})?$/, { error: () => `${label} can have at most 2 decimal places`, abort: true })
        .refine(inRange, { error: () => `${label} must be between ${formatPrice(range.min)} and ${formatPrice(range.max)}` }),
    );
}

/** "-12.5" → -1250n: amounts compared exactly, whatever their size. */
function paise(amount: string): bigint {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? -value : value;
}

/**
 * What people call the fields of request bodies whose schemas are not ours: better-auth's, whose
 * refusals reach the sign-in and account forms through the fallback below.
 */
const OUTSIDE_FIELD_LABELS: Record<string, string> = {
  email: "Email",
  newEmail: "New email",
  password: "Password",
  newPassword: "New password",
  currentPassword: "Current password",
  name: "Name",
  phoneNumber: "Phone number",
  code: "Code",
  otp: "Code",
};

/** The words for a refusal no schema worded: by the field's name when people know it, else REQUEST_NOT_VALID. */
export function fallbackSentence(issue: Issue): string {
  if (issue.code === "invalid_format" && issue.format === "email") return fieldSentence(issue, "Email");
  const name = issue.path?.filter((part) => typeof part === "string").at(-1);
  const label = name === undefined ? undefined : OUTSIDE_FIELD_LABELS[name];
  return label ? fieldSentence(issue, label) : REQUEST_NOT_VALID;
}

// The process's zod speaks these words wherever a schema gave none (ours and better-auth's, one zod
// instance). Code reading messages for developers (the server's configuration) asks for zod's English.
z.config({ customError: fallbackSentence });
