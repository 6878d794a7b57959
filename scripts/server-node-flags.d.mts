// Types for scripts/server-node-flags.mjs, which the server's heap-growth test reads.
export declare const SERVER_NODE_FLAGS: readonly string[];
