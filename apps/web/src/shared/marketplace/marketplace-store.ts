import { MARKETPLACE_COOKIE, STORAGE_KEYS } from "@reelmart/core/constants";

/**
 * The selected marketplace id lives in local storage (000 §3, §4). Every component that reads it
 * subscribes here, so a choice made in the dialog re-renders the badge and every filtered list at
 * once, and a choice made in another tab arrives through the `storage` event.
 */
const listeners = new Set<() => void>();
/** Used only when storage is blocked (private mode, sandboxed frames): the choice lasts for this page. */
let memoryFallback: string | null = null;

export function getSelectedMarketplaceId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.selectedMarketplace) || null;
  } catch {
    // swallowed: blocked storage; the choice lives in memory.
    return memoryFallback;
  }
}

export function setSelectedMarketplaceId(id: string | null): void {
  memoryFallback = id;
  try {
    if (id) localStorage.setItem(STORAGE_KEYS.selectedMarketplace, id);
    else localStorage.removeItem(STORAGE_KEYS.selectedMarketplace);
  } catch {
    // swallowed: blocked storage; memoryFallback above carries the choice.
  }
  mirrorInCookie(id);
  for (const listener of listeners) listener();
}

/**
 * The choice in a cookie too, so that the server writes the visit's first feed page for it into the
 * home page (decision 183). The boot calls it on the home page too: a choice made before the cookie
 * existed, or in a browser that dropped it, is mirrored for the next visit.
 */
export function syncMarketplaceCookie(): void {
  const id = getSelectedMarketplaceId();
  if (cookieMarketplaceId() !== id) mirrorInCookie(id);
}

function cookieMarketplaceId(): string | null {
  const entry = document.cookie.split("; ").find((pair) => pair.startsWith(`${MARKETPLACE_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(MARKETPLACE_COOKIE.length + 1)) || null : null;
}

function mirrorInCookie(id: string | null): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${MARKETPLACE_COOKIE}=${id ? encodeURIComponent(id) : ""}; Path=/; Max-Age=${id ? 365 * 24 * 3600 : 0}; SameSite=Lax${secure}`;
}

export function subscribeSelectedMarketplace(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.selectedMarketplace) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
