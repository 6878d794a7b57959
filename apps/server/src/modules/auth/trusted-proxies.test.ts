import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

const PROXY = "10.0.0.7";

describe("rate limits behind a trusted proxy (TRUSTED_PROXIES)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUSTED_PROXIES: "10.0.0.0/24" });
  });
  afterAll(() => server.close());

  const signIn = (email: string, password: string, peer: string, forwardedFor?: string) =>
    server.app.request(
      "/api/auth/sign-in/email",
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.deps.config.publicUrl, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
        body: JSON.stringify({ email, password }),
      },
      { incoming: { socket: { remoteAddress: peer } } },
    );

  it("one shopper's wrong passwords do not lock out another shopper behind the same proxy", async () => {
    const [mallory, alice] = await Promise.all([
      signUpUser(server, { clientIp: "203.0.113.10" }),
      signUpUser(server, { clientIp: "203.0.113.11" }),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(mallory.email, "wrong-password-123", PROXY, "203.0.113.10")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);

    const limited = await signIn(mallory.email, "wrong-password-123", PROXY, "203.0.113.10");
    const body = (await limited.json()) as { error: { code: string; message: string } };
    expect(limited.status).toBe(429);
    expect(body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    const other = await signIn(alice.email, "correct-horse-battery", PROXY, "203.0.113.11");
    expect(other.status).toBe(200);
  });

  it("ignores a forwarded address sent by a peer that is not a trusted proxy", async () => {
    const user = await signUpUser(server, { clientIp: "198.51.100.20" });
    const statuses: number[] = [];
    // Each attempt claims a new client address; the untrusted peer still gets one bucket.
    for (let i = 0; i < 4; i++) statuses.push((await signIn(user.email, "wrong-password-123", "198.51.100.20", `192.0.2.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("records the forwarded client address on the session", async () => {
    const user = await signUpUser(server, { clientIp: "203.0.113.30" });
    const response = await signIn(user.email, "correct-horse-battery", PROXY, "203.0.113.31");
    expect(response.status).toBe(200);
    const session = await server.deps.database.db
      .selectFrom("session" as never)
      .select(["ipAddress" as never])
      .where("userId" as never, "=", user.id as never)
      .orderBy("createdAt" as never, "desc")
      .executeTakeFirstOrThrow();
    expect((session as { ipAddress: string }).ipAddress).toBe("203.0.113.31");
  });

  it("writes the forwarded client address into the admin audit log", async () => {
    const admin = await signUpUser(server, { admin: true, clientIp: "203.0.113.40" });
    const name = `Audited ${Date.now()}`;
    const response = await server.app.request(
      "/api/admin/categories",
      {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json", origin: server.deps.config.publicUrl, "x-forwarded-for": "203.0.113.41" },
        body: JSON.stringify({ name }),
      },
      { incoming: { socket: { remoteAddress: PROXY } } },
    );
    expect(response.status).toBe(201);
    const row = await server.deps.database.db
      .selectFrom("admin_audit_log")
      .select(["actor_address", "actor_email"])
      .where("entity", "=", "category")
      .where("entity_id", "=", name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_address: "203.0.113.41", actor_email: admin.email });
  });

  it("keeps the request id a trusted proxy forwarded and makes its own otherwise", async () => {
    const id = "lb-request-0123456789";
    const request = (peer: string) => server.app.request("/api/health", { headers: { "x-request-id": id } }, { incoming: { socket: { remoteAddress: peer } } });
    expect((await request(PROXY)).headers.get("x-request-id")).toBe(id);
    expect((await request("198.51.100.3")).headers.get("x-request-id")).not.toBe(id);
  });
});
