import { type RouteObject, matchRoutes, useRoutes } from "react-router";
import { RequireAdmin, RequireAuth } from "../features/auth/guards.tsx";
import { type LazyScreen, type ScreenModule, lazyScreen } from "../shared/navigation/lazy-screen.tsx";
import { PageBoundary, RootLayout } from "./root-layout.tsx";

// The layout (splash, badge, navigation) is in the entry chunk; each screen is its own lazy chunk and
// the whole admin area is one chunk (admin-routes.tsx). A screen that throws, or whose chunk fails to
// load, shows the section fallback inside the layout (PageBoundary), so the navigation stays usable.
const page = (load: () => Promise<ScreenModule>) => {
  const screen = lazyScreen(load);
  return { element: <screen.Screen />, handle: { screen } satisfies ScreenHandle };
};

interface ScreenHandle {
  screen: LazyScreen;
}

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, ...page(async () => ({ Component: (await import("../features/feed/feed-page.tsx")).FeedPage })) },
      { path: "auth", ...page(async () => ({ Component: (await import("../features/auth/auth-page.tsx")).AuthPage })) },
      { path: "explore", ...page(async () => ({ Component: (await import("../features/explore/explore-page.tsx")).ExplorePage })) },
      { path: "search", ...page(async () => ({ Component: (await import("../features/search/search-page.tsx")).SearchPage })) },
      // Sign-in required (000 §6): the guard shows a spinner, then redirects with a toast.
      {
        Component: RequireAuth,
        children: [
          { path: "saved", ...page(async () => ({ Component: (await import("../features/saved/saved-page.tsx")).SavedPage })) },
          { path: "cart", ...page(async () => ({ Component: (await import("../features/cart/cart-page.tsx")).CartPage })) },
          { path: "profile", ...page(async () => ({ Component: (await import("../features/profile/profile-page.tsx")).ProfilePage })) },
          { path: "checkout", ...page(async () => ({ Component: (await import("../features/checkout/checkout-page.tsx")).CheckoutPage })) },
          { path: "orders", ...page(async () => ({ Component: (await import("../features/orders/orders-page.tsx")).OrdersPage })) },
          { path: "orders/:id", ...page(async () => ({ Component: (await import("../features/orders/order-page.tsx")).OrderPage })) },
          {
            path: "account/security",
            ...page(async () => ({ Component: (await import("../features/auth/account-security-page.tsx")).AccountSecurityPage })),
          },
        ],
      },
      {
        path: "product/:id",
        ...page(async () => ({ Component: (await import("../features/product-landing/product-landing-page.tsx")).ProductLandingPage })),
      },
      {
        path: "purchase/:id",
        ...page(async () => ({ Component: (await import("../features/product-landing/product-landing-page.tsx")).ProductLandingPage })),
      },
      {
        path: "product-profile/:id",
        ...page(async () => ({ Component: (await import("../features/product-profile/product-profile-page.tsx")).ProductProfilePage })),
      },
      // One video's own page (docs/decisions/160): what the sitemap lists and search engines show in video results.
      { path: "v/:mediaId", ...page(async () => ({ Component: (await import("../features/watch/watch-page.tsx")).WatchPage })) },
      { path: "brand-shop/:id", ...page(async () => ({ Component: (await import("../features/brands/brand-shop-page.tsx")).BrandShopPage })) },
      {
        path: "brand-directory",
        ...page(async () => ({ Component: (await import("../features/brands/brand-directory-page.tsx")).BrandDirectoryPage })),
      },
      { path: "*", ...page(async () => ({ Component: (await import("./not-found-page.tsx")).NotFoundPage })) },
    ],
  },
  // Admins only (000 §6), full width with its own navigation (not the shopper's phone column);
  // the server checks profiles.is_admin on every admin endpoint as well.
  // The guard is a pathless layout and the admin area one "/admin/*" route. Giving the guard the path
  // "/admin" instead made the guard a match of its own: for exactly /admin the router ranks "/admin"
  // above "/admin/*" (a splat scores lower), so it matched the guard alone, whose <Outlet> was empty,
  // and the admin chunk was never requested (a blank dashboard on every direct load or reload).
  {
    element: (
      <PageBoundary>
        <RequireAdmin />
      </PageBoundary>
    ),
    children: [
      {
        path: "/admin/*",
        ...page(async () => {
          const { AdminRoutes, loadSectionFor } = await import("../features/admin/admin-routes.tsx");
          return { Component: AdminRoutes, loadFor: loadSectionFor };
        }),
      },
    ],
  },
];

/** Loads the code of the screen `pathname` shows, and of the admin section it shows (none for a path no screen matches). */
export async function loadScreenFor(pathname: string): Promise<void> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  await handle?.screen.load(pathname);
}

/** The screen for the current location (inside AppRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
