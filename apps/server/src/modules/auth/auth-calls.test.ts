import type { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestScope } from "../../logger.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { betterAuthStorages } from "./auth-calls.ts";

// Decision 189: better-auth's AsyncLocalStorages (and the logger's request scope) are enabled only
// while a call into better-auth runs, so the rest of the server runs without node's promise hooks.

/** The storages better-auth keeps in its process-wide context, and the logger's. */
const storages = () => [...betterAuthStorages(), requestScope];

// node 20's AsyncLocalStorage records whether it is enabled (and so whether it keeps the promise hooks on) in `enabled`.
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

describe("calls into better-auth (decision 189)", () => {
  let server: TestServer;
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logTo = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    server = await startTestServer({ LOG_LEVEL: "info" }, { logTo });
  });
  afterAll(() => server.close());

  it("leaves no AsyncLocalStorage enabled once its sign-up, session lookup and sign-out have answered", async () => {
    const user = await signUpUser(server);
    const signedIn = await server.request("/api/me", { headers: user.headers });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { id: string }).id).toBe(user.id);
    // better-auth made its storages while it ran (so this checks them, not an empty list), and none is left on.
    expect(storages().length).toBeGreaterThanOrEqual(3);
    expect(storages().filter(enabled)).toEqual([]);

    const signedOut = await server.request("/api/auth/sign-out", { method: "POST", headers: { ...user.headers, origin: server.deps.config.publicUrl } });
    expect(signedOut.status).toBe(200);
    expect(storages().filter(enabled)).toEqual([]);
  });

  it("keeps better-auth's state per call when calls overlap, and writes each sign-up's email line with its request id", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, (_, index) => signUpUser(server, { clientIp: `10.189.0.${index + 1}` })));
    const lookups = await Promise.all(users.map((user) => server.request("/api/me", { headers: user.headers }).then((response) => response.json() as Promise<{ id: string }>)));
    expect(lookups.map((body) => body.id)).toEqual(users.map((user) => user.id));
    expect(storages().filter(enabled)).toEqual([]);

    const response = await server.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.deps.config.publicUrl },
      body: JSON.stringify({ email: "scoped-line@example.test", password: "correct-horse-battery", name: "Scoped" }),
    });
    expect(response.status).toBe(200);
    const emailLine = logLines.find((line) => line.delivery === "email" && line.to === "scoped-line@example.test");
    expect(emailLine?.requestId).toBe(response.headers.get("x-request-id"));
  });
});
