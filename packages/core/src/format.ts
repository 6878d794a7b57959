// Written out instead of formatted with Intl.NumberFormat: building the en-IN currency formatter
// loads ICU's locale data, 306 ms of main thread on Lighthouse's 4x slower phone, in the task that
// evaluates the app's modules (issue #14, TBT). The output is Intl's exactly (format.test.ts
// compares the two); what this does not write (NaN, infinities, 1e21 and above) still goes to Intl.
let intlInr: Intl.NumberFormat | undefined;

/** Indian grouping of a run of digits: the last three, then pairs (1,29,999). */
function groupIndian(digits: string): string {
  const head = digits.slice(0, -3);
  return head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}` : digits;
}

/** Prices arrive as decimal strings (numeric(12,2)); they are formatted, never summed as floats. */
export function formatPrice(price: string | number): string {
  const value = typeof price === "string" ? Number(price) : price;
  const magnitude = Math.abs(value);
  if (!(magnitude < 1e21)) {
    intlInr ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intlInr.format(value);
  }
  // Intl rounds the number's shortest decimal form (1.005 is "1.005", so ₹1.01), half away from
  // zero; toFixed would round the binary value (1.00499…, so 1.00). Below 1e-6 the form has an
  // exponent, and the price rounds to zero.
  const [integer = "0", decimals = ""] = magnitude.toString().includes("e") ? [] : magnitude.toString().split(".");
  const cents = BigInt(integer + decimals.slice(0, 2).padEnd(2, "0")) + (decimals.charAt(2) >= "5" ? 1n : 0n);
  const digits = cents.toString().padStart(3, "0");
  const whole = digits.slice(0, -2);
  const fraction = digits.slice(-2);
  const grouped = groupIndian(whole);
  // Intl signs negative zero too (-0, or -0.001 rounded), so the sign is read before rounding.
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? "-" : ""}₹${grouped}.${fraction}`;
}

// Every date, time and number a screen, an email or a chart shows is written by this module, in
// en-IN (DESIGN.md: prices as INR, en-IN, 2 decimals); the lint rule `formatters/from-core`
// (scripts/lint/formatters-from-core.mjs, decision 211) reports Intl, toLocale*String and
// hand-built '₹' amounts anywhere else. Each formatter is built on first use, not when a page's
// module loads: see formatPrice.
const DATE_FIELDS = {
  day: { day: "numeric", month: "short", year: "numeric" },
  shortDay: { day: "numeric", month: "short" },
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(name: keyof typeof DATE_FIELDS, utc: boolean): Intl.DateTimeFormat {
  const key = `${name}${utc ? " utc" : ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-IN", utc ? { ...DATE_FIELDS[name], timeZone: "UTC" } : DATE_FIELDS[name]);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar day written 'YYYY-MM-DD' (analytics' UTC days, a date input's value) is that day
 * wherever the reader is; read as a moment it would be the day before west of Greenwich.
 */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function formatOnDay(name: "day" | "shortDay", date: Date | string): string {
  if (typeof date === "string" && CALENDAR_DAY.test(date)) return dateFormat(name, true).format(new Date(`${date}T00:00:00Z`));
  return dateFormat(name, false).format(new Date(date));
}

/** A day as '5 Nov 2026' (en-IN), in the reader's time zone; a 'YYYY-MM-DD' day as that day. */
export function formatDay(date: Date | string): string {
  return formatOnDay("day", date);
}

/** A day without its year, '5 Nov', in formatDay's style: a chart's axis, where the year is the range's. */
export function formatShortDay(date: Date | string): string {
  return formatOnDay("shortDay", date);
}

/** A moment as '5 Nov 2026, 3:04 pm' (en-IN), in the reader's time zone: when an order was placed, a file saved. */
export function formatDateTime(date: Date | string): string {
  return dateFormat("dateTime", false).format(new Date(date));
}

let numberFormat: Intl.NumberFormat | undefined;

/**
 * A number in full as en-IN groups it (1,23,456; at most 2 decimals): a table's count, a limit in a
 * message. Whole numbers are written out (the grouping of formatPrice) so the shopper's screens that
 * show one do not build Intl's formatter; others go to Intl.
 */
export function formatNumber(value: number | bigint): string {
  // Intl signs negative zero too, as formatPrice does.
  if (typeof value === "number" && Number.isSafeInteger(value)) return `${value < 0 || Object.is(value, -0) ? "-" : ""}${groupIndian(String(Math.abs(value)))}`;
  numberFormat ??= new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
  return numberFormat.format(value);
}

/**
 * Counts above 999 are shown as x.xk (001 §2, §9), truncated, never rounded up. From a million on
 * they read x.xM (1,000,000 is 1.0M, not 1000.0k): docs/decisions/121-counts-in-millions.md.
 */
export function formatCount(count: number): string {
  if (count <= 999) return String(count);
  if (count < 1_000_000) return `${(Math.floor(count / 100) / 10).toFixed(1)}k`;
  return `${(Math.floor(count / 100_000) / 10).toFixed(1)}M`;
}

/** 'just now' under 60 s, then Nm ago, Nh ago, Nd ago (001 §9). */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(date).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** Money arithmetic in integer paise, so a cart total never drifts. */
export function toPaise(price: string | number): number {
  const [rupees = "0", fraction = ""] = String(price).split(".");
  const sign = rupees.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(rupees)) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2)));
}

export function fromPaise(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
