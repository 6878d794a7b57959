// The V8 flags the server runs with, by database. Both keep the old generation within 25% of what the
// last full collection kept, instead of V8's growth factors of up to 4x for a fast collector.
// - On the embedded database (docs/decisions/108-server-memory.md) the young generation is at most
//   2 x 4 MB: under the mixed traffic budget's load that keeps the store under 350 MB RSS, for about
//   a tenth more CPU per request.
// - On PostgreSQL (docs/decisions/188-young-generation-by-database.md) it is 2 x 32 MB: with 50
//   requests in flight, 4 MB scavenges promote nearly all a write allocates, and the collector took
//   30% of the server's thread. With 32 MB, writes run at 1.5x the rate and mixed traffic at 1.3x,
//   and the RSS stays about 240 MB.
// node refuses --heap-growing-percent in NODE_OPTIONS, so the flags are on node's command line:
// scripts/serve.mjs chooses them from DATABASE_URL for `npm start` and the Dockerfile's CMD, and the
// bench does the same for the store it runs on (bench/lib/processes.mjs).
export const EMBEDDED_DATABASE_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=25"];
export const POSTGRES_NODE_FLAGS = ["--max-semi-space-size=32", "--heap-growing-percent=25"];

/** The flags for a server with this environment: PostgreSQL when DATABASE_URL is set, else the embedded database. */
export function serverNodeFlags(environment = process.env) {
  return environment.DATABASE_URL ? POSTGRES_NODE_FLAGS : EMBEDDED_DATABASE_NODE_FLAGS;
}
