// Recent searches stay on this device only (localStorage), newest first, without duplicates.
const KEY = "recentSearches";
export const RECENT_SEARCHES_MAX = 8;

export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").slice(0, RECENT_SEARCHES_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(term: string, current: string[]): string[] {
  const next = [term, ...current.filter((item) => item.toLowerCase() !== term.toLowerCase())].slice(0, RECENT_SEARCHES_MAX);
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearRecentSearches(): string[] {
  localStorage.removeItem(KEY);
  return [];
}
