// `npm start`: build if needed, then run the bundled server with the V8 flags for its database (serve.mjs).
import { ensureBuilt } from "./build.mjs";

await ensureBuilt();
await import("./serve.mjs");
