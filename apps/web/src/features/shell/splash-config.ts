export interface SplashConfig {
  name: string;
  logoUrl: string;
  /** The store's name from the admin settings (absent from a hand-written config.json). */
  storeName?: string;
}

/**
 * Reads /splash/config.json (000 §7), a static file the shop owner edits, not an /api call, so it
 * does not go through the API client. Anything missing or malformed keeps the built-in defaults.
 */
export async function loadSplashConfig(): Promise<SplashConfig | null> {
  try {
    const response = await fetch("/splash/config.json", { cache: "no-cache" });
    if (!response.ok) return null;
    const data = (await response.json()) as Partial<SplashConfig>;
    if (typeof data.name !== "string" || typeof data.logoUrl !== "string") return null;
    return { name: data.name, logoUrl: data.logoUrl, ...(typeof data.storeName === "string" && data.storeName ? { storeName: data.storeName } : {}) };
  } catch {
    // swallowed: without the store's splash settings the splash shows the defaults.
    return null;
  }
}
