import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** When the network is gone the precached shell still opens; this says why content may be missing. */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div
      role="status"
      className="absolute top-[calc(env(safe-area-inset-top)+3.25rem)] left-1/2 z-30 flex -translate-x-1/2 items-center gap-2 rounded-full bg-amber-500 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-black shadow-lg"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      You're offline. Showing what is saved on this device.
    </div>
  );
}
