// `npm test`: the static checks, then the unit/integration tests (vitest) alongside the build and the
// end-to-end tests (Playwright), then one line that sums them all: "N passed, N failed, N skipped".
// Exits non-zero if anything failed. The two test runners share nothing (vitest's servers listen on
// ports of their own and its PostgreSQL databases are its own; the e2e server runs on PGlite, the
// multi-instance specs on PostgreSQL databases of their own; s3rver, in both, takes the first free
// port of its range), and side by side they take about 15 minutes on CI's usual machine (session 17's,
// on which a bare 2e8-step JavaScript loop took 3 s, needed 36); vitest's output is printed after
// Playwright's. Then the fault suite, alone, as it restarts PostgreSQL (about a minute).
import { spawn } from "node:child_process";
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
// The names of the tests that failed or passed only on a retry, repeated in the summary: a CI log is
// often read from its end, where the runners' own reports of them are long scrolled past.
const notable = [];
// eslint-disable-next-line no-control-regex -- the runners colour their messages
const firstLine = (message) => message.replace(/\u001b\[[0-9;]*m/g, "").trim().split("\n")[0];

function record(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${label.padEnd(12)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
}

// Static checks count as one test each. Each is single-threaded, so they run two at a time (the
// machine's two cores), the longest first; each one's output is printed whole when it ends.
const typecheck = (project) => ({ label: `tsc ${path.basename(project)}`, title: `typecheck ${project}`, command: bin("tsc"), args: ["-p", project, "--noEmit"] });
const checks = [
  { label: "eslint", title: "lint", command: bin("eslint"), args: [".", "--max-warnings", "0"] },
  typecheck("apps/web"),
  typecheck("apps/server"),
  { label: "knip", title: "dead code (knip)", command: bin("knip"), args: [] },
  typecheck("e2e"),
  typecheck("packages/core"),
];
const outcomes = new Map();
let nextCheck = 0;
async function checkLane() {
  while (nextCheck < checks.length) {
    const check = checks[nextCheck++];
    const output = [];
    const child = spawn(check.command, check.args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const ok = await new Promise((resolve) => {
      child.on("error", (error) => {
        output.push(Buffer.from(`${error.message}\n`));
        resolve(false);
      });
      child.on("close", (code) => resolve(code === 0));
    });
    console.log(`\n━━ ${check.title} ━━`);
    process.stdout.write(Buffer.concat(output));
    outcomes.set(check, ok);
  }
}
await Promise.all([checkLane(), checkLane()]);
for (const check of checks) record(check.label, outcomes.get(check) ? 1 : 0, outcomes.get(check) ? 0 : 1);

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
  start("vitest (core, tooling, server on PGlite and PostgreSQL, server:warm, web)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`], { logFile: vitestLog }),
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
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    if (file.status === "failed" && file.assertionResults.length === 0) notable.push(`failed  vitest ${where}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults) if (test.status === "failed") notable.push(`failed  vitest ${where} › ${test.fullName}`);
  }
  if (!vitestOk && report.numFailedTests + brokenFiles === 0) record("vitest run", 0, 1);
} else record("vitest", 0, 1);

if (!endToEnd.built) record("build", 0, 1);
else if (existsSync(playwrightReport)) {
  const { stats, suites } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  record("playwright", stats.expected + stats.flaky, stats.unexpected, stats.skipped);
  const visit = (suite, titles) => {
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = firstLine(test.results.find((result) => result.error)?.error?.message ?? "");
        notable.push(`${test.status === "flaky" ? "flaky " : "failed"}  playwright ${spec.file}:${spec.line} › ${[...titles.slice(1), spec.title].join(" › ")}${error ? `: ${error}` : ""}`);
      }
    }
  };
  for (const suite of suites) visit(suite, [suite.title]);
  if (!endToEnd.ok && stats.unexpected === 0) record("playwright run", 0, 1);
} else record("playwright", 0, 1);

// The fault suite restarts the machine's PostgreSQL (decision 221), so it runs alone, once everything
// else is done; it needs the cluster's own control command and the right to use it.
const faultsReport = path.join(reports, "faults.json");
const canRestartPostgres = existsSync("/usr/bin/pg_ctlcluster") && existsSync("/etc/postgresql") && process.getuid?.() === 0;
if (canRestartPostgres) {
  await start("fault suite (PostgreSQL restarted under traffic)", bin("vitest"), ["run", "--project", "faults", "--reporter=default", "--reporter=json", `--outputFile.json=${faultsReport}`], {
    env: { REELMART_FAULTS: "1" },
  });
  if (existsSync(faultsReport)) {
    const report = JSON.parse(readFileSync(faultsReport, "utf8"));
    record("faults", report.numPassedTests, report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0));
    for (const file of report.testResults) for (const test of file.assertionResults) if (test.status === "failed") notable.push(`failed  faults ${path.relative(root, file.name)} › ${test.fullName}`);
  } else record("faults", 0, 1);
} else {
  console.log("\n━━ fault suite skipped: it restarts PostgreSQL with pg_ctlcluster, which needs a local Debian cluster and root ━━");
  record("faults", 0, 0, 1);
}

console.log(`\n━━ summary ━━\n${[...notable, ...lines].join("\n")}`);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`;
console.log(summary);
process.exit(totals.failed === 0 ? 0 : 1);
