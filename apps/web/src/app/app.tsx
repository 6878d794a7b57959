import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { startPwa } from "../features/shell/pwa.ts";
import { SplashScreen } from "../features/shell/splash-screen.tsx";
import { ErrorBoundary, RootErrorFallback } from "../shared/ui/error-fallback.tsx";
import { createQueryClient } from "./query-client.ts";
import { createRouter } from "./router.tsx";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(startPwa, []);
  return (
    <ErrorBoundary fallback={() => <RootErrorFallback />}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster position="top-center" offset={{ top: "var(--toast-top)" }} mobileOffset={{ top: "var(--toast-top)" }} theme="dark" richColors closeButton />
      </QueryClientProvider>
      <SplashScreen />
    </ErrorBoundary>
  );
}
