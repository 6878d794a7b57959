import { STORAGE_KEYS } from "@reelmart/core/constants";

/** The picker's visit counter and last-shown day (000 §3), kept in local storage. */
export interface MarketplaceDialogState {
  visits: number;
  lastShownDay: string | null;
}

export function readMarketplaceDialogState(): MarketplaceDialogState {
  try {
    const visits = Number.parseInt(localStorage.getItem(STORAGE_KEYS.marketplaceDialogVisits) ?? "0", 10);
    return {
      visits: Number.isFinite(visits) && visits > 0 ? visits : 0,
      lastShownDay: localStorage.getItem(STORAGE_KEYS.marketplaceDialogLastShown),
    };
  } catch {
    // swallowed: blocked storage reads as a first visit.
    return { visits: 0, lastShownDay: null };
  }
}

/** Called when the dialog opens on its own: one more visit, and today becomes the last-shown day. */
export function recordMarketplaceDialogShown(today: string): void {
  try {
    const { visits } = readMarketplaceDialogState();
    localStorage.setItem(STORAGE_KEYS.marketplaceDialogVisits, String(visits + 1));
    localStorage.setItem(STORAGE_KEYS.marketplaceDialogLastShown, today);
  } catch {
    // swallowed: blocked storage; the dialog may open again next start, which is the safe side.
  }
}
