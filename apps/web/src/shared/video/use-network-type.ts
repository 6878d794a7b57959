import type { EffectiveConnectionType } from "@reelmart/core/quality";
import { useSyncExternalStore } from "react";

interface NetworkInformation extends EventTarget {
  effectiveType?: EffectiveConnectionType;
}

const connection = (): NetworkInformation | undefined => (navigator as Navigator & { connection?: NetworkInformation }).connection;

function subscribe(listener: () => void) {
  const info = connection();
  info?.addEventListener("change", listener);
  return () => info?.removeEventListener("change", listener);
}

/** navigator.connection.effectiveType, live; undefined where the Network Information API is missing. */
export function useEffectiveConnectionType(): EffectiveConnectionType | undefined {
  return useSyncExternalStore(subscribe, () => connection()?.effectiveType);
}
