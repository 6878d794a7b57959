import v8 from "node:v8";

// Decision 202: the old generation's growth follows where the database is. The shipped command line
// (scripts/server-node-flags.mjs) lets it grow 25% past what a full collection kept, which holds the
// embedded database's store within its memory budget (decision 108). With PostgreSQL the database
// is another process, and at 25% the writes' garbage, promoted while requests wait for their batch,
// started a full collection every ~250 ms whose marking put the writes' p99 over 50 ms. There the
// server gives the growth back to V8's own heuristic (0: unset), which sizes it by how fast the
// collector is. V8 reads the setting at each collection, so the server sets it once, at start.

/** The growth the shipped flags give the embedded database. */
export const EMBEDDED_HEAP_GROWTH = "--heap-growing-percent=25";
/** The growth a server whose database is elsewhere takes instead: V8's own. */
export const SEPARATE_DATABASE_HEAP_GROWTH = "--heap-growing-percent=0";

/**
 * With the database elsewhere, loosens the shipped growth; an operator's own flags are left as they
 * are. Returns whether it did.
 */
export function heapGrowthForDatabase(databaseKind: "pglite" | "postgres", execArgv: readonly string[] = process.execArgv): boolean {
  // The last of node's flags for a setting is the one V8 keeps.
  const growth = execArgv.filter((flag) => flag.startsWith("--heap-growing-percent")).at(-1);
  if (databaseKind !== "postgres" || growth !== EMBEDDED_HEAP_GROWTH) return false;
  v8.setFlagsFromString(SEPARATE_DATABASE_HEAP_GROWTH);
  return true;
}
