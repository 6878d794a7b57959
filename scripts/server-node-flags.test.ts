import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

// Every way the server is started runs it with the same V8 flags (docs/decisions/108-server-memory.md).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the server's V8 flags", () => {
  it("are on npm start's command line", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.mjs`);
  });

  it("are on the container's command line", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(read("Dockerfile"))?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...SERVER_NODE_FLAGS, "apps/server/dist/main.js"]);
  });

  it("are what the bench starts its servers with, unless BENCH_SERVER_NODE_ARGS says otherwise", async () => {
    const { serverNodeArgs } = await import("../bench/lib/processes.mjs");
    const entry = "apps/server/dist/main.js";
    expect(serverNodeArgs({ entry, environment: {} })).toEqual([...SERVER_NODE_FLAGS, entry]);
    expect(serverNodeArgs({ entry, nodeArgs: ["--cpu-prof"], environment: {} })).toEqual([...SERVER_NODE_FLAGS, "--cpu-prof", entry]);
    expect(serverNodeArgs({ entry, environment: { BENCH_SERVER_NODE_ARGS: "" } })).toEqual([entry]);
    expect(serverNodeArgs({ entry, environment: { BENCH_SERVER_NODE_ARGS: "--max-old-space-size=200  --jitless" } })).toEqual(["--max-old-space-size=200", "--jitless", entry]);
  });

  it("are flags this node accepts", async () => {
    const { execFileSync } = await import("node:child_process");
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, "-e", "process.stdout.write('ok')"], { encoding: "utf8" })).toBe("ok");
  });
});
