import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, lazy, useEffect, useState } from "react";
import { startPwa } from "../features/shell/pwa.ts";
import { SplashScreen } from "../features/shell/splash-screen.tsx";
import { ErrorBoundary, RootErrorFallback } from "../shared/ui/error-fallback.tsx";
import { useToasterWanted } from "../shared/ui/toast.ts";
import { createQueryClient } from "./query-client.ts";
import { AppRouter } from "../shared/navigation/app-router.tsx";
import { AppRoutes } from "./router.tsx";

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(startPwa, []);
  return (
    <ErrorBoundary fallback={() => <RootErrorFallback />}>
      <QueryClientProvider client={queryClient}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
        <LazyToaster />
      </QueryClientProvider>
      <SplashScreen />
    </ErrorBoundary>
  );
}

const Toaster = lazy(async () => ({ default: (await import("./toaster.tsx")).Toaster }));

/** The toaster (and sonner) load with the first toast. */
function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
