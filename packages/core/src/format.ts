const inr = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Prices arrive as decimal strings (numeric(12,2)); they are formatted, never summed as floats. */
export function formatPrice(price: string | number): string {
  return inr.format(typeof price === "string" ? Number(price) : price);
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
