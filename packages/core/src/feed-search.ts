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
  const { exact, inTitle, elsewhere } = groupByMatch(items, term, fields);
  return term.trim() ? [...exact, ...inTitle, ...elsewhere] : [...items];
}

/**
 * The same ranking over the server search's candidates (issue #16): exact titles first, then title
 * matches, then the rest in the server's order. Nothing is dropped: a candidate the server matched
 * despite a typo contains no literal match, and is kept behind those that do.
 */
export function rankSearchCandidates<T>(items: readonly T[], term: string, fields: (item: T) => SearchableItem): T[] {
  const { exact, inTitle, elsewhere, unmatched } = groupByMatch(items, term, fields);
  return term.trim() ? [...exact, ...inTitle, ...elsewhere, ...unmatched] : [...items];
}

function groupByMatch<T>(items: readonly T[], term: string, fields: (item: T) => SearchableItem) {
  const needle = term.trim().toLocaleLowerCase();
  const exact: T[] = [];
  const inTitle: T[] = [];
  const elsewhere: T[] = [];
  const unmatched: T[] = [];
  for (const item of items) {
    const { title, brandName, category, description } = fields(item);
    const lowerTitle = title.toLocaleLowerCase();
    if (lowerTitle === needle) exact.push(item);
    else if (lowerTitle.includes(needle)) inTitle.push(item);
    else if ([brandName ?? "", category, description].some((field) => field.toLocaleLowerCase().includes(needle))) elsewhere.push(item);
    else unmatched.push(item);
  }
  return { exact, inTitle, elsewhere, unmatched };
}

/** The banner under the search box (001 §2). */
export function searchResultLabel(term: string, count: number): string {
  if (count === 0) return `No results for "${term.trim()}"`;
  return count === 1 ? "1 video found" : `${count} videos found`;
}
