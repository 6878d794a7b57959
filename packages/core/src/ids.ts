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

/** zod's guid pattern (z.regexes.guid), spelled out: this module stays free of zod, so the web app's entry chunk (the cart needs baseProductId) does not carry it. */
const GUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/**
 * The one id rule: any 8-4-4-4-12 hex id, in either case. PostgreSQL's uuid type accepts these, so the API
 * does too (zod's guid, not its stricter RFC 9562 uuid). Every id check, schema or guard, is this one
 * (the schemas are in api/ids.ts).
 */
export function isUuid(value: string): boolean {
  return GUID.test(value);
}
