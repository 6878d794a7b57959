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

/** Counts above 999 are shown as x.xk (001 §2, §9). */
export function formatCount(count: number): string {
  if (count <= 999) return String(count);
  return `${(Math.floor(count / 100) / 10).toFixed(1)}k`;
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

/**
 * What one unit costs after the product's discount, in integer paise (basis points keep a 12.5%
 * discount exact). The landing page shows this price and the cart charges it.
 */
export function discountedPaise(price: string, discountPercentage: number): number {
  const basisPoints = Math.min(10_000, Math.max(0, Math.round(discountPercentage * 100)));
  return Math.round((toPaise(price) * (10_000 - basisPoints)) / 10_000);
}
