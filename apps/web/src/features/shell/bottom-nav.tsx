import { Bookmark, Compass, Home, ShoppingCart, User } from "lucide-react";
import { Link, useLocation } from "react-router";
import { useCart } from "../../shared/cart/use-cart.ts";
import { formatCartBadge, isNavTabActive } from "./nav-rules.ts";

const TABS = [
  { path: "/", label: "Home", Icon: Home },
  { path: "/explore", label: "Explore", Icon: Compass },
  { path: "/cart", label: "Cart", Icon: ShoppingCart },
  { path: "/saved", label: "Saved", Icon: Bookmark },
  { path: "/profile", label: "Profile", Icon: User },
] as const;

/** The five-tab bar: 60 px plus the device's bottom safe area (000 §2, §9). */
export function BottomNav() {
  const { pathname } = useLocation();
  const badge = formatCartBadge(useCart().totalQuantity);
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-(--app-max-width) bg-neutral-950/95 shadow-[0_-1px_0_rgb(255_255_255/0.1)] pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="grid h-(--bottom-nav-height) grid-cols-5">
        {TABS.map(({ path, label, Icon }) => {
          const active = isNavTabActive(path, pathname);
          const showBadge = path === "/cart" && badge;
          return (
            <li key={path} className="flex">
              <Link
                to={path}
                aria-current={active ? "page" : undefined}
                aria-label={showBadge ? `${label}, ${badge} items` : undefined}
                className={`relative flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white ${
                  active ? "text-white" : "text-neutral-400 hover:text-neutral-200"
                }`}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-6" strokeWidth={active ? 2.4 : 1.8} />
                  {showBadge ? (
                    <span
                      aria-hidden="true"
                      data-testid="cart-badge"
                      className="absolute -top-1.5 -right-2.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-rose-500 px-1 text-[10px] leading-none font-bold text-white"
                    >
                      {badge}
                    </span>
                  ) : null}
                </span>
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
