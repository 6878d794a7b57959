import { CART_BADGE_CAP } from "@reelmart/core/constants";

/**
 * 000 §2: Home is active only on exactly "/"; the other tabs by path prefix. The prefix is matched
 * on whole segments so "/cart" covers "/cart" and "/cart/…" but not an unrelated "/cartoons".
 */
export function isNavTabActive(tabPath: string, pathname: string): boolean {
  if (tabPath === "/") return pathname === "/";
  return pathname === tabPath || pathname.startsWith(`${tabPath}/`);
}

/** 000 §2, §9: the Cart badge shows the total item count when above 0, as "99+" above 99. */
export function formatCartBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(Math.floor(count));
}
