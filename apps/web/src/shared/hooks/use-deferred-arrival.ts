import { useDeferredValue } from "react";

/**
 * `value` once it has been rendered in a deferred (time-sliced) render: a query's first answer
 * arrives through its store as an urgent update, and a screen rendered from it in that update is one
 * long task (TBT, issue #14). The urgent render still sees `undefined` (the screen keeps its loading
 * state); React then renders the answer as a transition, in slices. Later values are passed through
 * at once, so a screen never shows an older answer than its query has.
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
