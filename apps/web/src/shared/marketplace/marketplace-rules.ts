/** Pure rules for the marketplace picker (000 §2, §4, §5, §9), kept apart from React so they are unit-tested. */

export interface MarketplaceLike {
  id: string;
  name: string;
}

/**
 * Checks a choice against the loaded marketplaces and returns the chosen one; the thrown messages
 * are the spec's validation errors (000 §5).
 */
export function validateMarketplaceChoice<T extends MarketplaceLike>(id: string, marketplaces: readonly T[]): T {
  if (!id || !id.trim()) throw new Error("Invalid marketplace ID provided");
  const found = marketplaces.find((marketplace) => marketplace.id === id);
  if (!found) throw new Error(`Marketplace with ID ${id} not found`);
  return found;
}

/**
 * The badge's short name (the badge is "small", 000 §2): initials of a name of several words
 * ("United Arab Emirates" → "UAE"), else its first three letters ("India" → "IND"). The full name
 * stays in the badge's accessible label.
 */
export function marketplaceShortName(name: string): string {
  const words = name.trim().split(/[\s-]+/).filter((word) => /^\p{L}/u.test(word) && !/^(of|and|the|&)$/i.test(word));
  if (words.length >= 2) return words.map((word) => word[0]!.toUpperCase()).join("").slice(0, 4);
  return name.trim().slice(0, 3).toUpperCase();
}

/** The local calendar day, so "once per calendar day" follows the shopper's clock, not UTC. */
export function calendarDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

export interface DialogOpeningInput {
  /** How many active marketplaces loaded; nothing to choose from means no dialog. */
  marketplaceCount: number;
  /** The id in local storage after reconciling with the active list and the server preference. */
  selectedId: string | null;
  /** The signed-in user's saved preference id; null for anonymous visitors or when none is saved. */
  savedPreferenceId: string | null;
  /** The day the dialog last opened (calendarDay format), or null if never. */
  lastShownDay: string | null;
  today: string;
}

/**
 * 000 §4: the dialog opens when there is no saved preference and nothing is selected, and otherwise
 * at most once per calendar day while marketplaces exist and one is selected.
 */
export function shouldOpenMarketplaceDialog(input: DialogOpeningInput): boolean {
  if (input.marketplaceCount === 0) return false;
  if (!input.selectedId && !input.savedPreferenceId) return true;
  return input.lastShownDay !== input.today;
}

/** Reconciles the stored id with the active marketplaces and the server preference (000 §4). */
export function resolveSelectedId(
  storedId: string | null,
  savedPreferenceId: string | null,
  activeIds: readonly string[],
): string | null {
  if (savedPreferenceId && activeIds.includes(savedPreferenceId)) return savedPreferenceId;
  if (storedId && activeIds.includes(storedId)) return storedId;
  return null;
}
