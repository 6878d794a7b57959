/** The feed's search box waits this long after the last keystroke (001 §9). */
export const FEED_SEARCH_DEBOUNCE_MS = 300;

/** The fields the client search looks at (001 §5, "Client search"). */
export interface SearchableItem {
  title: string;
  brandName: string | null;
  category: string;
  description: string;
}

/**
 * Client ranking (001 §5): an empty term returns everything in feed order; otherwise items whose
 * title, brand, category or description contain the term (case-insensitive) are kept, exact title
 * matches first, then other title matches, then the rest. Order within a group is the feed order.
 */
export function rankFeedItems<T>(items: readonly T[], term: string, fields: (item: T) => SearchableItem): T[] {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return [...items];
  const exact: T[] = [];
  const inTitle: T[] = [];
  const elsewhere: T[] = [];
  for (const item of items) {
    const { title, brandName, category, description } = fields(item);
    const lowerTitle = title.toLocaleLowerCase();
    if (lowerTitle === needle) exact.push(item);
    else if (lowerTitle.includes(needle)) inTitle.push(item);
    else if ([brandName ?? "", category, description].some((field) => field.toLocaleLowerCase().includes(needle))) elsewhere.push(item);
  }
  return [...exact, ...inTitle, ...elsewhere];
}

/** The banner under the search box (001 §2). */
export function searchResultLabel(term: string, count: number): string {
  if (count === 0) return `No results for "${term.trim()}"`;
  return count === 1 ? "1 video found" : `${count} videos found`;
}
