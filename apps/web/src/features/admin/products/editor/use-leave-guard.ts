import { useEffect, useRef } from "react";
import { useLeaveBlocker } from "../../../../shared/navigation/app-router.tsx";

/**
 * Unsaved changes are not lost on navigation without a prompt (in-app links and closing the tab).
 * The blocker's state opens the editor's "Leave without saving?" dialog; `allowLeaving` lets the
 * editor go without it.
 */
export function useLeaveGuard(isDirty: boolean) {
  // Set once the product is deleted, or a new one is stored and its editor opens: leaving then needs no prompt.
  const leaving = useRef(false);
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);
  const allowLeaving = () => {
    leaving.current = true;
  };
  return { blocker, allowLeaving };
}
