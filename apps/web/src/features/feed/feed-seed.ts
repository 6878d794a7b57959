const SEED_KEY = "feedSeed";

/**
 * The visit's shuffle seed: chosen at first load and kept in sessionStorage, so pages and reloads
 * of the same tab share one order while a new visit gets a new one (docs/decisions/010).
 */
export function visitSeed(): string {
  try {
    const stored = sessionStorage.getItem(SEED_KEY);
    if (stored) return stored;
    const seed = crypto.randomUUID().replaceAll("-", "").slice(0, 16);
    sessionStorage.setItem(SEED_KEY, seed);
    return seed;
  } catch {
    // swallowed: blocked storage; the seed then lives for this page only.
    return crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  }
}

/**
 * Takes `seed` as the visit's seed when the visit has none yet: the seed of the first page the server
 * wrote into the home page (decision 183). True when `seed` is the visit's seed now; false when the
 * visit already has another (a reload) or cannot keep one (the page is then not adopted).
 */
export function adoptVisitSeed(seed: string): boolean {
  try {
    const stored = sessionStorage.getItem(SEED_KEY);
    if (stored) return stored === seed;
    sessionStorage.setItem(SEED_KEY, seed);
    return true;
  } catch {
    // swallowed: blocked storage, read as a seed not yet this tab's.
    return false;
  }
}
