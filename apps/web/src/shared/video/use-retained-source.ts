import { useEffect, useState } from "react";

const UNLOAD_AFTER_MS = 2000;

/**
 * Whether a card holds its video source: while it is within the preload range (`inRange`), and for
 * 2 s after it leaves it, so a quick swipe back is instant.
 */
export function useRetainedSource(inRange: boolean): boolean {
  // Starts as the effect below would set it: no second render of every card as it mounts.
  const [retained, setRetained] = useState(inRange);
  useEffect(() => {
    if (inRange) {
      setRetained(true);
      return;
    }
    const timer = setTimeout(() => setRetained(false), UNLOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [inRange]);
  return inRange || retained;
}
