import { AsyncLocalStorage } from "node:async_hooks";
import { type RequestScope, requestScope } from "../../logger.ts";

// Decision 189. While any AsyncLocalStorage is enabled, node 20 runs promise hooks on every promise
// the process makes, whoever made it: about 14% of a like's CPU on the server. better-auth keeps
// its request state, adapter and endpoint context in three of them (in its process-wide context,
// under the symbol below) and enables them at its first call; nothing disables them. So every call
// into better-auth goes through `authCall`, and when the last one running returns, those storages
// and the logger's request scope are disabled; the next call's `run` enables them again.

const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

let running = 0;

/** better-auth's storages as they are now (it creates each on first use). */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const context = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: Record<string, unknown> } })[BETTER_AUTH_GLOBAL]?.context ?? {};
  return Object.values(context).filter((value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage);
}

function releaseStorages(): void {
  for (const storage of [...betterAuthStorages(), requestScope]) storage.disable();
}

/**
 * Runs one call into better-auth (its handler, an `auth.api` endpoint, its internal adapter), in the
 * logger's request scope when the caller names the request, so lines better-auth's callbacks log
 * (delivery.ts) carry its id, and what its error hook learns of the call is kept there.
 */
export async function authCall<T>(call: () => Promise<T>, scope?: RequestScope): Promise<T> {
  running++;
  try {
    return await (scope === undefined ? call() : requestScope.run(scope, call));
  } finally {
    if (--running === 0) releaseStorages();
  }
}
