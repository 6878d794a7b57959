// `npm test`: every check and test runner in turn, then one line that sums them all:
// "N passed, N failed, N skipped". Exits non-zero if anything failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
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

{
  const file = path.join(reports, "vitest.json");
  const ok = run("vitest (core, server on PGlite and PostgreSQL, web)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const brokenFiles = report.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
    record("vitest", report.numPassedTests, report.numFailedTests + brokenFiles, report.numPendingTests + report.numTodoTests);
  } else record("vitest", 0, 1);
  if (!ok && totals.failed === 0) record("vitest run", 0, 1);
}

{
  const built = run("build (for end-to-end tests)", process.execPath, ["scripts/build.mjs"]);
  if (!built) record("build", 0, 1);
  else {
    const file = path.join(reports, "playwright.json");
    const ok = run("playwright (e2e, Chromium)", bin("playwright"), ["test", "-c", "e2e/playwright.config.ts"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    if (existsSync(file)) {
      const { stats } = JSON.parse(readFileSync(file, "utf8"));
      record("playwright", stats.expected + stats.flaky, stats.unexpected, stats.skipped);
      if (!ok && stats.unexpected === 0) record("playwright run", 0, 1);
    } else record("playwright", 0, 1);
  }
}

console.log(`\n━━ summary ━━\n${lines.join("\n")}`);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`;
console.log(summary);
process.exit(totals.failed === 0 ? 0 : 1);
