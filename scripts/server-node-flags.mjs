// The V8 flags the server runs with (docs/decisions/108-server-memory.md): a young generation of at
// most 2 x 4 MB and an old generation let grow 25% past what the last full collection kept, instead
// of V8's defaults (16 MB semi-spaces, growth factors up to 4x for a fast collector). Under the mixed
// traffic budget's load that keeps the embedded-database store under 350 MB RSS for about a tenth
// more CPU per request. node refuses --heap-growing-percent in NODE_OPTIONS, so the flags are on the
// command line wherever the server starts: package.json's start, the Dockerfile's CMD and the bench
// (bench/lib/processes.mjs). server-node-flags.test.ts holds the three to this list.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=25"];
