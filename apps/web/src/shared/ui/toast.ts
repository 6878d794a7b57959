import type { ExternalToast } from "sonner";
import { useSyncExternalStore } from "react";

// sonner (about 10 KB gzip) loads with the first toast, not with the entry nor during the load
// (issue #14). Calls made while it loads are queued by the import and shown when the toaster
// mounts: sonner replays the active toasts to a toaster that subscribes late. Ids are made here, so a caller can still update or replace a toast
// it showed (toast.loading, then success with its id).

type Sonner = typeof import("sonner");
type Kind = "message" | "error" | "success" | "warning" | "loading";

let sonner: Promise<Sonner> | null = null;
/** Set once the import has resolved: from then on a toast is shown synchronously, as sonner's own. */
let loaded: Sonner | null = null;
let wanted = false;
const listeners = new Set<() => void>();
let nextId = 0;

/** Loads sonner and asks the app to mount its toaster (once). */
export function loadToaster(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import("sonner").then((module) => (loaded = module));
  return sonner;
}

/** Whether the toaster should be mounted: something was toasted, or the app preloaded it. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => wanted,
  );
}

function show(kind: Kind, message: string, data?: ExternalToast): string | number {
  const id = data?.id ?? `toast-${(nextId += 1)}`;
  const call = ({ toast }: Sonner) => (kind === "message" ? toast : toast[kind])(message, { ...data, id });
  if (loaded) call(loaded);
  else void loadToaster().then(call);
  return id;
}

/** sonner's toast for the calls the app makes, loading sonner on first use. */
export const toast = Object.assign((message: string, data?: ExternalToast) => show("message", message, data), {
  error: (message: string, data?: ExternalToast) => show("error", message, data),
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  warning: (message: string, data?: ExternalToast) => show("warning", message, data),
  loading: (message: string, data?: ExternalToast) => show("loading", message, data),
});
