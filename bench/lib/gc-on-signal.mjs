// Preloaded (`node --expose-gc --import`) into a server the memory scenario measures: SIGUSR2 runs a
// full collection, so a sample of the heap counts what is held, not garbage not yet collected.
// Bench-only; the server itself neither exposes gc nor handles SIGUSR2.
process.on("SIGUSR2", () => globalThis.gc?.());
