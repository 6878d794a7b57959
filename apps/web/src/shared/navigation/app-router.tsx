import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useTransition } from "react";
import { type Location, type Navigator, Router, type To, UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";

// React Router's declarative mode (<Router> over the browser's history) instead of its data router
// (createBrowserRouter): about 12 KB gzip less in the entry, issue #14. The app used three things
// only the data router has, provided here instead: whether a navigation is still loading its
// screen (the layout's spinner), lazy screens (React.lazy, app/router.tsx), and a guard against
// leaving a form with unsaved changes (useBlocker in the product editor).
// The history is React Router's own (exported for custom routers), so locations, keys and the
// index it stores in history.state are exactly what <BrowserRouter> would use.

interface NavigationTarget {
  currentLocation: Location;
  nextLocation: { pathname: string; search: string; hash: string };
}

type ShouldBlock = (target: NavigationTarget) => boolean;

export type LeaveBlocker = { state: "unblocked"; proceed?: undefined; reset?: undefined } | { state: "blocked"; proceed: () => void; reset: () => void };

interface Guard {
  shouldBlock: ShouldBlock;
  onBlocked: (blocker: LeaveBlocker) => void;
}

interface RouterExtras {
  pending: boolean;
  /** Installs the one active leave guard; returns its removal. */
  guard: (shouldBlock: ShouldBlock, onBlocked: Guard["onBlocked"]) => () => void;
}

const RouterExtrasContext = createContext<RouterExtras>({ pending: false, guard: () => () => {} });

/**
 * The browser router: location changes render in a transition, so the current screen stays (and
 * `useNavigationPending` is true) while the next screen's code loads, as with the data router.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  const guardRef = useRef<Guard | null>(null);
  // The location last handed to the screens: what a back or forward step leaves.
  const shown = useRef(history.location);
  // Set while undoing a blocked back/forward step, and for the step the shopper then confirmed.
  const expectingPop = useRef(false);

  useLayoutEffect(
    () =>
      history.listen((update) => {
        const guard = guardRef.current;
        if (update.action === "POP" && expectingPop.current) {
          expectingPop.current = false;
          // The undone step lands where the screen already is: nothing to render.
          if (update.location.key === shown.current.key) return;
        } else if (update.action === "POP" && guard && update.delta && guard.shouldBlock({ currentLocation: shown.current, nextLocation: update.location })) {
          // The browser has already moved: step back, and ask.
          const delta = update.delta;
          expectingPop.current = true;
          history.go(-delta);
          guard.onBlocked({
            state: "blocked",
            proceed: () => {
              guard.onBlocked({ state: "unblocked" });
              expectingPop.current = true;
              history.go(delta);
            },
            reset: () => guard.onBlocked({ state: "unblocked" }),
          });
          return;
        }
        shown.current = update.location;
        startTransition(() => setState(update));
      }),
    [history],
  );

  const navigator = useMemo<Navigator>(() => {
    const attempt = (to: To, go: () => void) => {
      const guard = guardRef.current;
      if (!guard || !guard.shouldBlock({ currentLocation: shown.current, nextLocation: history.encodeLocation(to) })) {
        go();
        return;
      }
      guard.onBlocked({
        state: "blocked",
        proceed: () => {
          guard.onBlocked({ state: "unblocked" });
          go();
        },
        reset: () => guard.onBlocked({ state: "unblocked" }),
      });
    };
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, state) => attempt(to, () => history.push(to, state)),
      replace: (to, state) => attempt(to, () => history.replace(to, state)),
    };
  }, [history]);

  const [guard] = useState(() => (shouldBlock: ShouldBlock, onBlocked: (blocker: LeaveBlocker) => void) => {
    const installed = { shouldBlock, onBlocked };
    guardRef.current = installed;
    return () => {
      if (guardRef.current === installed) guardRef.current = null;
    };
  });
  const extras = useMemo<RouterExtras>(() => ({ pending, guard }), [pending, guard]);

  return (
    <RouterExtrasContext.Provider value={extras}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        {children}
      </Router>
    </RouterExtrasContext.Provider>
  );
}

/** Whether a navigation is under way: the next screen's code is still loading. */
export function useNavigationPending(): boolean {
  return useContext(RouterExtrasContext).pending;
}

/**
 * React Router's useBlocker for this router: while `shouldBlock` says so, in-app navigations
 * (links, navigate, back and forward) wait as "blocked" until `proceed` or `reset` is called.
 */
export function useLeaveBlocker(shouldBlock: ShouldBlock): LeaveBlocker {
  const { guard } = useContext(RouterExtrasContext);
  const [blocker, setBlocker] = useState<LeaveBlocker>({ state: "unblocked" });
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => guard((target) => latest.current(target), setBlocker), [guard]);
  return blocker;
}
