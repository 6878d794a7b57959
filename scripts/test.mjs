// `npm test`: the static checks, then the unit/integration tests (vitest) alongside the build and the
// end-to-end tests (Playwright), then one line that sums them all: "N passed, N failed, N skipped".
// Exits non-zero if anything failed. The two test runners share nothing (vitest's servers listen on
// ports of their own and its PostgreSQL databases are its own; the e2e server runs on PGlite, the
// multi-instance specs on PostgreSQL databases of their own; s3rver, in both, takes the first free
// port of its range), and side by side they keep CI well under its 30 minutes; vitest's output is
// printed after Playwright's.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, "node_modules/.bin", name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function record(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${label.padEnd(12)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
}

// Static checks count as one test each.
for (const project of ["packages/core", "apps/server", "apps/web", "e2e"]) {
  const ok = run(`typecheck ${project}`, bin("tsc"), ["-p", project, "--noEmit"]);
  record(`tsc ${path.basename(project)}`, ok ? 1 : 0, ok ? 0 : 1);
}
{
  const ok = run("lint", bin("eslint"), [".", "--max-warnings", "0"]);
  record("eslint", ok ? 1 : 0, ok ? 0 : 1);
}
{
  const ok = run("dead code (knip)", bin("knip"), []);
  record("knip", ok ? 1 : 0, ok ? 0 : 1);
}

/** Starts a runner without waiting; its output goes to `logFile` when given. Resolves to whether it passed. */
function start(label, command, args, { env = {}, logFile } = {}) {
  console.log(`\n━━ ${label}${logFile ? ` (output in ${path.relative(root, logFile)}, printed below when done)` : ""} ━━`);
  const output = logFile ? openSync(logFile, "w") : "inherit";
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", output, output], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

const vitestReport = path.join(reports, "vitest.json");
const vitestLog = path.join(reports, "vitest.log");
const playwrightReport = path.join(reports, "playwright.json");
const [vitestOk, endToEnd] = await Promise.all([
  start("vitest (core, server on PGlite and PostgreSQL, web)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], { logFile: vitestLog }),
  (async () => {
    if (!(await start("build (for end-to-end tests)", process.execPath, ["scripts/build.mjs"]))) return { built: false };
    return { built: true, ok: await start("playwright (e2e, Chromium)", bin("playwright"), ["test", "-c", "e2e/playwright.config.ts"], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } }) };
  })(),
]);

console.log("\n━━ vitest output ━━");
if (existsSync(vitestLog)) process.stdout.write(readFileSync(vitestLog));
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  const brokenFiles = report.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
  record("vitest", report.numPassedTests, report.numFailedTests + brokenFiles, report.numPendingTests + report.numTodoTests);
  if (!vitestOk && report.numFailedTests + brokenFiles === 0) record("vitest run", 0, 1);
} else record("vitest", 0, 1);

if (!endToEnd.built) record("build", 0, 1);
else if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  record("playwright", stats.expected + stats.flaky, stats.unexpected, stats.skipped);
  if (!endToEnd.ok && stats.unexpected === 0) record("playwright run", 0, 1);
} else record("playwright", 0, 1);

console.log(`\n━━ summary ━━\n${lines.join("\n")}`);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`;
console.log(summary);
process.exit(totals.failed === 0 ? 0 : 1);
