import { type ComponentType, type ReactPromise, use } from "react";

/** A promise with the fields React's `use` reads to return its value at once instead of suspending. */
type ReadablePromise<T> = Promise<T> & { status: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

export interface LazyScreen {
  /**
   * Starts loading the screen's code, once; settles when it is in (rejects if it failed). Given the
   * path it will show, it also waits for what the screen loads for that path (the admin area's section).
   */
  load(pathname?: string): Promise<ComponentType>;
  Screen: ComponentType;
}

/** A screen's module: its component, and what it loads for a path before rendering it, if anything. */
export interface ScreenModule {
  Component: ComponentType;
  loadFor?: (pathname: string) => Promise<void>;
}

/**
 * A screen whose code loads on first use, as with React.lazy, but which renders without suspending
 * once that code is in. The entry loads the first screen's code before its first render (main.tsx),
 * so the first screen commits with the layout. Suspending there showed the page spinner, and React
 * then held the screen back until 300 ms after that spinner had committed (its fallback throttle for
 * retried boundaries): the feed's first video waited on that timer (decision 184).
 */
export function lazyScreen(loadModule: () => Promise<ScreenModule>): LazyScreen {
  let loading: ReadablePromise<ComponentType> | undefined;
  let loadFor: ScreenModule["loadFor"];
  const load = () => {
    if (loading) return loading;
    const promise = loadModule().then((module) => {
      loadFor = module.loadFor;
      return module.Component;
    }) as ReadablePromise<ComponentType>;
    promise.status = "pending";
    promise.then(
      (value) => {
        promise.status = "fulfilled";
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = "rejected";
        promise.reason = reason;
      },
    );
    return (loading = promise);
  };
  async function loadShowing(pathname: string) {
    const Component = await load();
    await loadFor?.(pathname);
    return Component;
  }
  function Screen() {
    // The fields above are React's tracked-promise shape; its types spell it as a union of states.
    const Component = use(load() as ReactPromise<ComponentType>);
    return <Component />;
  }
  return { load: (pathname?: string) => (pathname === undefined ? load() : loadShowing(pathname)), Screen };
}
