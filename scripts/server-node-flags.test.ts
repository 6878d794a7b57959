import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EMBEDDED_DATABASE_NODE_FLAGS, POSTGRES_NODE_FLAGS, serverNodeFlags } from "./server-node-flags.mjs";

// Every way the server is started runs it with the V8 flags for its database
// (docs/decisions/108-server-memory.md, docs/decisions/188-young-generation-by-database.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const POSTGRES = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/shop" };

/**
 * A stand-in for the server: prints the flags node started it with, then exits with code 3, or on
 * SIGTERM prints "drained" and exits 0, as the server does once its requests are answered.
 */
function standInServer(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "serve-")), "server.mjs");
  writeFileSync(
    file,
    `console.log(JSON.stringify(process.execArgv));
     process.on("SIGTERM", () => { console.log("drained"); process.exit(0); });
     setTimeout(() => process.exit(3), process.env.STAND_IN_EXIT_AFTER_MS ? Number(process.env.STAND_IN_EXIT_AFTER_MS) : 60_000);`,
  );
  return file;
}

function serve(entry: string, env: NodeJS.ProcessEnv): { child: ChildProcess; lines: () => string[] } {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, "scripts/serve.mjs"), entry], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, lines: () => output.split("\n").filter(Boolean) };
}

describe("the server's V8 flags", () => {
  it("are the embedded database's without DATABASE_URL, PostgreSQL's with it", () => {
    expect(serverNodeFlags({})).toEqual(EMBEDDED_DATABASE_NODE_FLAGS);
    expect(serverNodeFlags(POSTGRES)).toEqual(POSTGRES_NODE_FLAGS);
    expect(POSTGRES_NODE_FLAGS).not.toEqual(EMBEDDED_DATABASE_NODE_FLAGS);
  });

  it("are chosen by serve.mjs, which npm start and the container's command run", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe("node scripts/start.mjs");
    expect(read("scripts/start.mjs")).toContain('await import("./serve.mjs")');
    const cmd = /^CMD (\[.*\])$/m.exec(read("Dockerfile"))?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", "scripts/serve.mjs"]);
  });

  it("serve.mjs starts the server with its database's flags and exits as the server does", async () => {
    const entry = standInServer();
    for (const [env, flags] of [[{}, EMBEDDED_DATABASE_NODE_FLAGS], [POSTGRES, POSTGRES_NODE_FLAGS]] as const) {
      const { child, lines } = serve(entry, { ...env, STAND_IN_EXIT_AFTER_MS: "0" });
      const [code] = await once(child, "exit");
      expect(code).toBe(3);
      expect(JSON.parse(lines()[0]!)).toEqual(flags);
    }
  });

  it("serve.mjs passes SIGTERM on, so the server drains before it exits", async () => {
    const { child, lines } = serve(standInServer(), {});
    const started = Date.now();
    while (!lines().length && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(lines().at(-1)).toBe("drained");
    expect(code).toBe(0);
  });

  it("are what the bench starts its servers with, unless BENCH_SERVER_NODE_ARGS says otherwise", async () => {
    const { serverNodeArgs } = await import("../bench/lib/processes.mjs");
    const entry = "apps/server/dist/main.js";
    expect(serverNodeArgs({ entry, environment: {} })).toEqual([...EMBEDDED_DATABASE_NODE_FLAGS, entry]);
    expect(serverNodeArgs({ entry, environment: {}, serverEnvironment: POSTGRES })).toEqual([...POSTGRES_NODE_FLAGS, entry]);
    expect(serverNodeArgs({ entry, nodeArgs: ["--cpu-prof"], environment: {} })).toEqual([...EMBEDDED_DATABASE_NODE_FLAGS, "--cpu-prof", entry]);
    expect(serverNodeArgs({ entry, environment: { BENCH_SERVER_NODE_ARGS: "" } })).toEqual([entry]);
    expect(serverNodeArgs({ entry, environment: { BENCH_SERVER_NODE_ARGS: "--max-old-space-size=200  --jitless" } })).toEqual(["--max-old-space-size=200", "--jitless", entry]);
  });

  it("are flags this node accepts", () => {
    for (const flags of [EMBEDDED_DATABASE_NODE_FLAGS, POSTGRES_NODE_FLAGS]) {
      expect(execFileSync(process.execPath, [...flags, "-e", "process.stdout.write('ok')"], { encoding: "utf8" })).toBe("ok");
    }
  });
});
