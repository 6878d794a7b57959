import { Suspense } from "react";
import { Route, Routes } from "react-router";
import { ErrorBoundary } from "../../shared/ui/error-fallback.tsx";
import { PageSpinner } from "../../shared/ui/spinner.tsx";
import { AdminLayout } from "./admin-layout.tsx";
import { ADMIN_SECTIONS } from "./admin-sections.tsx";
import { AdminNotFound } from "./admin-not-found.tsx";

/**
 * Loads the code of the section `pathname` (under /admin) shows: a direct load of a section renders
 * it with the area instead of suspending on it (shared/navigation/lazy-screen.tsx).
 */
export async function loadSectionFor(pathname: string): Promise<void> {
  const [segment = ""] = pathname.replace(/^\/admin\/?/, "").split("/");
  await ADMIN_SECTIONS.find((section) => section.path === segment)?.screen.load();
}

/** The admin area (reached only through RequireAdmin; every /api/admin call is checked on the server too). */
export function AdminRoutes() {
  return (
    <AdminLayout>
      <Routes>
        {ADMIN_SECTIONS.map(({ path, screen: { Screen } }) => (
          <Route
            key={path}
            path={path ? `${path}/*` : undefined}
            index={!path}
            element={
              <ErrorBoundary>
                <Suspense fallback={<PageSpinner />}>
                  <Screen />
                </Suspense>
              </ErrorBoundary>
            }
          />
        ))}
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminLayout>
  );
}
