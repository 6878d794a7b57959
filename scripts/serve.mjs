// Runs the built server (or the entry given as the first argument) in a node process with the V8 flags
// for its database (server-node-flags.mjs), which are fixed when a process starts. Signals are passed
// on, so SIGTERM still drains the server's requests before it exits, and this process exits as the
// server did. `npm start` (scripts/start.mjs) and the Dockerfile's CMD start the server through it.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeFlags } from "./server-node-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = process.argv[2] ?? path.join(root, "apps/server/dist/main.js");

const server = spawn(process.execPath, [...serverNodeFlags(), entry], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  if (signal) {
    // Dies of the same signal, so whoever started it sees what the server saw.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
