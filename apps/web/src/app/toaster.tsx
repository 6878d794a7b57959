import { Toaster as SonnerToaster } from "sonner";

/** The app's toaster, in its own chunk with sonner (shared/ui/toast.ts). */
export function Toaster() {
  return <SonnerToaster position="top-center" offset={{ top: "var(--toast-top)" }} mobileOffset={{ top: "var(--toast-top)" }} theme="dark" richColors closeButton />;
}
