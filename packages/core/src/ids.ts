import { z } from "zod";

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

/**
 * The one id rule: any 8-4-4-4-12 hex id, in either case. PostgreSQL's uuid type accepts these, so the API
 * does too (zod's guid, not its stricter RFC 9562 uuid). Every id check, schema or guard, is this one.
 */
export function isUuid(value: string): boolean {
  return z.regexes.guid.test(value);
}

/** A schema for an id under the rule; `message` is what a client sees when it is broken (a route's own words where the spec gives some). */
export const uuidSchema = (message = "must be a UUID") => z.guid({ error: message });

export const UuidSchema = uuidSchema();
