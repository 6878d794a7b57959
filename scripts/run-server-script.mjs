// `npm run migrate|seed|admin|worker|backup|restore|move -- …`: the server's command-line entry, built if needed. Only the
// server bundle is rebuilt: a running server keeps serving the web files its pages already refer to.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureServerBuilt } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await ensureServerBuilt();
const { runCli } = await import(pathToFileURL(path.join(root, "apps/server/dist/cli.js")).href);
process.exitCode = await runCli(process.argv.slice(2));
