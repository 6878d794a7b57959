import { AlertTriangle, WifiOff } from "lucide-react";
import { useOnlineStatus } from "../engagement/use-online-status.ts";
import { shopperMessage } from "../api/shopper-message.ts";
import { Button } from "./button.tsx";

/**
 * A list or page that failed to load: says so (offline or not) with a retry, instead of the empty
 * state that would claim there is nothing.
 */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const online = useOnlineStatus();
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <div aria-hidden="true" className="text-neutral-500 [&_svg]:size-10">
        {online ? <AlertTriangle /> : <WifiOff />}
      </div>
      <h2 className="text-lg font-semibold text-neutral-100">{online ? `Couldn't load ${what}` : "You're offline"}</h2>
      <p className="max-w-xs text-sm text-neutral-400">{shopperMessage(error)}</p>
      <Button variant="inverse" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
