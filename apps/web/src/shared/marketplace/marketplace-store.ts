import { STORAGE_KEYS } from "@reelmart/core/constants";

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
    return memoryFallback;
  }
}

export function setSelectedMarketplaceId(id: string | null): void {
  memoryFallback = id;
  try {
    if (id) localStorage.setItem(STORAGE_KEYS.selectedMarketplace, id);
    else localStorage.removeItem(STORAGE_KEYS.selectedMarketplace);
  } catch {
    // Blocked storage: memoryFallback above carries the choice.
  }
  for (const listener of listeners) listener();
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
