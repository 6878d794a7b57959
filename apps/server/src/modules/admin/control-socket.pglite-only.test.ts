import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLogger } from "../../logger.ts";
import { type Server, bootstrap } from "../../server.ts";
import { type ControlSocket, startControlSocket } from "./control-socket.ts";

const run = promisify(execFile);
const CLI = fileURLToPath(new URL("../../cli.ts", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../../../..", import.meta.url));

/** The real CLI in another process, as `npm run admin` runs it (the data directory lock is per process). */
async function cli(dataDir: string, ...args: string[]) {
  const { DATABASE_URL: _postgres, TEST_DATABASE_URL: _test, ...env } = process.env;
  const script = `const { runCli } = await import(${JSON.stringify(CLI)}); process.exitCode = await runCli(${JSON.stringify(args)});`;
  return run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** One raw line to the socket, for the requests the CLI never sends. */
function rawRequest(socketPath: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath, () => connection.write(line));
    let received = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => (received += chunk));
    connection.on("end", () => resolve(received));
    connection.on("error", reject);
  });
}

describe("npm run admin while the server holds the embedded database", () => {
  let dataDir: string;
  let server: Server;
  let control: ControlSocket;
  let cookie: string;
  const email = "owner@example.test";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-control-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000" });
    const logger = createLogger(config);
    server = await bootstrap(config, logger);
    control = (await startControlSocket({ dataDir, db: server.deps.database.db, logger }))!;
    const signUp = await server.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: config.publicUrl },
      body: JSON.stringify({ email, password: "correct-horse-battery", name: "owner" }),
    });
    cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    await control?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const isAdmin = async () => ((await (await server.app.request("/api/me", { headers: { cookie } })).json()) as { isAdmin: boolean }).isAdmin;

  it("creates DATA_DIR/control.sock readable and writable by its owner only", () => {
    const stats = statSync(path.join(dataDir, "control.sock"));
    expect(stats.isSocket()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o600);
  });

  it("grants through the running server; the next request sees the admin role", async () => {
    expect(await isAdmin()).toBe(false);
    const granted = await cli(dataDir, "admin", "grant", "Owner@Example.test");
    expect(granted).toMatchObject({ code: 0, stdout: "owner@example.test is now an admin.\n" });
    expect(await isAdmin()).toBe(true);
    const again = await cli(dataDir, "admin", "grant", email);
    expect(again.stdout).toBe("owner@example.test is now an admin (no change).\n");
    const revoked = await cli(dataDir, "admin", "revoke", email);
    expect(revoked).toMatchObject({ code: 0, stdout: "owner@example.test is no longer an admin.\n" });
    expect(await isAdmin()).toBe(false);
  }, 120_000);

  it("reports an unknown email and bad usage as the direct CLI does", async () => {
    const unknown = await cli(dataDir, "admin", "grant", "nobody@example.test");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No user with the email nobody@example.test. They must sign up first.");
    const usage = await cli(dataDir, "admin", "promote", email);
    expect(usage.code).toBe(2);
  }, 120_000);

  it("refuses malformed, unknown and oversized requests", async () => {
    expect(JSON.parse(await rawRequest(control.path, "not json\n"))).toEqual({ ok: false, message: "The control request is not valid JSON." });
    const unknown = await rawRequest(control.path, `${JSON.stringify({ command: "drop-database" })}\n`);
    expect(JSON.parse(unknown)).toEqual({ ok: false, message: "Unknown or invalid control command." });
    const extra = await rawRequest(control.path, `${JSON.stringify({ command: "set-admin-role", email, isAdmin: true, sql: "x" })}\n`);
    expect(JSON.parse(extra).ok).toBe(false);
    expect(JSON.parse(await rawRequest(control.path, "x".repeat(10_000))).message).toBe("The control request is too long.");
    expect(await isAdmin()).toBe(false);
  });

  it("removes the socket file when it closes", async () => {
    const second = mkdtempSync(path.join(os.tmpdir(), "reelmart-control-"));
    const extra = (await startControlSocket({ dataDir: second, db: server.deps.database.db, logger: createLogger({ logLevel: "silent" }) }))!;
    await extra.close();
    expect(() => statSync(path.join(second, "control.sock"))).toThrow();
    rmSync(second, { recursive: true, force: true });
  });
});
