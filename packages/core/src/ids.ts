const SUFFIXES = ["-demo-", "-origin-", "-ugc-"] as const;

/** A feed item id may carry '-demo-', '-origin-' or '-ugc-' suffixes; the product id is the part before (001 §2, §3). */
export function baseProductId(id: string): string {
  let end = id.length;
  for (const suffix of SUFFIXES) {
    const at = id.indexOf(suffix);
    if (at >= 0 && at < end) end = at;
  }
  return id.slice(0, end);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
