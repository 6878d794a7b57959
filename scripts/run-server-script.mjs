// `npm run migrate|seed|admin|worker -- …`: the server's command-line entry, built if needed.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureBuilt } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await ensureBuilt();
const { runCli } = await import(pathToFileURL(path.join(root, "apps/server/dist/cli.js")).href);
process.exitCode = await runCli(process.argv.slice(2));
