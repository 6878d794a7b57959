import { Toaster as SonnerToaster } from "sonner";

/**
 * The app's toaster, in its own chunk with sonner (shared/ui/toast.ts). On a phone sonner stretches a
 * toast across the window but for its left offset, taken on both sides; that offset keeps it off the
 * video's controls and action rail (styles.css). From 600 px a toast is 356 px wide, centred, and the
 * controls stand at the right of the 480 px app column, outside it.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      offset={{ top: "var(--toast-top)" }}
      mobileOffset={{ top: "var(--toast-top)", left: "var(--toast-side)", right: "var(--toast-side)" }}
      theme="dark"
      richColors
      closeButton
    />
  );
}
