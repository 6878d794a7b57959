/**
 * A keyset position for admin lists that sort by one of several columns: the sort column's value
 * (as the database prints it, so timestamps keep their microseconds) and the row id as tie-breaker.
 */
export interface SortKeyset {
  value: string;
  id: string;
}

export function encodeSortCursor(sort: string, keyset: SortKeyset): string {
  return Buffer.from(JSON.stringify([sort, keyset.value, keyset.id])).toString("base64url");
}

/** The keyset a cursor names for this sort, or null for anything this server did not hand out for it. */
export function decodeSortCursor(sort: string, cursor: string): SortKeyset | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 3) return null;
    const [cursorSort, value, id] = parsed as unknown[];
    if (cursorSort !== sort || typeof value !== "string" || typeof id !== "string" || value.length > 400 || id.length > 100) return null;
    return { value, id };
  } catch {
    // swallowed: a cursor that is not JSON is not one of ours, answered as null (the route's 400).
    return null;
  }
}
