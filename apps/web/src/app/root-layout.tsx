import { type ReactNode, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { MarketplaceSwitcher } from "../shared/marketplace/marketplace-switcher.tsx";
import { ErrorBoundary } from "../shared/ui/error-fallback.tsx";
import { PageSpinner, Spinner } from "../shared/ui/spinner.tsx";
import { BottomNav } from "../features/shell/bottom-nav.tsx";
import { InstallBanner } from "../features/shell/install-banner.tsx";
import { OfflineNotice } from "../features/shell/offline-notice.tsx";
import { useNavigationPending } from "../shared/navigation/app-router.tsx";

/**
 * Around a screen: the spinner while its chunk loads on the first screen (under the splash on a
 * cold start; later navigations keep the current screen meanwhile), and the section fallback if it
 * throws or its chunk fails to load, cleared by the next navigation.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * Every screen sits in one phone-width column: full width under 768 px, centred on wider screens
 * so desktop shows the same app instead of a stretched one. The page area stops above the 60 px
 * bottom navigation and the device's safe area (000 §2, §9).
 */
export function RootLayout() {
  const navigationPending = useNavigationPending();
  return (
    <div className="relative mx-auto flex h-dvh w-full max-w-(--app-max-width) flex-col overflow-hidden bg-[#0b0b0f] md:border-x md:border-white/10 md:shadow-2xl">
      {/* In the flow above the page, not over it: the banner never covers content or controls. */}
      <InstallBanner />
      <div className="relative flex min-h-0 flex-1 flex-col">
        <main id="main" className="relative min-h-0 flex-1 overflow-y-auto pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom))]">
          <PageBoundary>
            <Outlet />
          </PageBoundary>
        </main>
        <MarketplaceSwitcher />
      </div>
      {navigationPending ? (
        // The next page's code is on its way; the current page stays until it arrives.
        <div className="pointer-events-none absolute inset-x-0 top-1/2 z-30 -translate-y-1/2">
          <Spinner label="Loading page" />
        </div>
      ) : null}
      <OfflineNotice />
      <BottomNav />
    </div>
  );
}
