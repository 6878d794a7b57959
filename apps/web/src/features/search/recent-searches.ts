import { STORAGE_KEYS } from "@reelmart/core/constants";

// Recent searches stay on this device only (localStorage), newest first, without duplicates; a
// sign-out clears them with the rest of the shopper's data (shared/session/use-sign-out.ts).
const KEY = STORAGE_KEYS.recentSearches;
export const RECENT_SEARCHES_MAX = 8;

export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").slice(0, RECENT_SEARCHES_MAX) : [];
  } catch {
    // swallowed: blocked storage or a list that is not ours reads as no recent searches.
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
