// Builds the web app (Vite) and bundles the server (esbuild) into apps/server/dist.
// `npm start` calls ensureBuilt(), which rebuilds only when a source file is newer than the last build.
// The command-line scripts (admin, migrate, seed, worker) call ensureServerBuilt(): they may run beside
// a serving server, and rebuilding the web app would delete the hashed files its pages still load.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompress } from "./precompress.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stampFile = path.join(root, "apps/server/dist/.build-stamp");
const serverStampFile = path.join(root, "apps/server/dist/.server-build-stamp");
const SERVER_SOURCES = ["apps/server/src", "packages/core/src", "package-lock.json"];
const SOURCES = ["apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", ...SERVER_SOURCES];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(stamp, sources) {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

export async function build() {
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
  });
  precompress(path.join(root, "apps/web/dist"));
  await buildServer();
  writeFileSync(stampFile, new Date().toISOString());
}

async function buildServer() {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: { main: "apps/server/src/main.ts", cli: "apps/server/src/cli.ts" },
    absWorkingDir: root,
    outdir: "apps/server/dist",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    // Our workspace packages are bundled; everything from node_modules stays a runtime import.
    plugins: [
      {
        name: "externalize-node-modules",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@reelmart/") ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  writeFileSync(serverStampFile, new Date().toISOString());
}

export async function ensureBuilt() {
  if (!isStale(stampFile, SOURCES) && existsSync(path.join(root, "apps/web/dist/index.html"))) return;
  console.log("Building Reelmart (first start or sources changed)...");
  await build();
}

/** Only the server bundle (main.js, cli.js): leaves the web app's files alone. */
export async function ensureServerBuilt() {
  if (!isStale(serverStampFile, SERVER_SOURCES)) return;
  console.log("Building the Reelmart server (sources changed)...");
  await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
