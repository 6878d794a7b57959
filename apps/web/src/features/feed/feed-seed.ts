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
    return crypto.randomUUID().replaceAll("-", "").slice(0, 16);
  }
}
