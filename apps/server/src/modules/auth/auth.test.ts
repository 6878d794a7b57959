import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { MISSING_CREDENTIALS_MESSAGE } from "./auth-options.ts";

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("email + password accounts", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("signs in with the right password and the session reaches /api/me", async () => {
    const user = await signUpUser(server);
    const response = await server.request("/api/auth/sign-in/email", json({ email: user.email, password: "correct-horse-battery" }));
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const me = await server.json<{ email: string }>("/api/me", { headers: { cookie } });
    expect(me.body.email).toBe(user.email);
  });

  it("reports weak passwords with their reasons", async () => {
    const { status, body } = await server.json<{ error: { code: string; reasons: string[] } }>(
      "/api/auth/sign-up/email",
      json({ email: "weak@example.test", password: "password", name: "weak" }),
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe("WEAK_PASSWORD");
    expect(body.error.reasons).toContain("Password is too common");
    const short = await server.json<{ error: { reasons: string[] } }>("/api/auth/sign-up/email", json({ email: "weak@example.test", password: "abc", name: "x" }));
    expect(short.body.error.reasons).toContain("Password must be at least 8 characters");
  });

  it("requires an identifier and a password", async () => {
    const { status, body } = await server.json<{ error: { message: string } }>("/api/auth/sign-in/email", json({ email: "a@example.test", password: "" }));
    expect(status).toBe(400);
    expect(body.error.message).toBe(MISSING_CREDENTIALS_MESSAGE);
  });

  it("refuses a cross-origin POST, to better-auth and to our own routes", async () => {
    const user = await signUpUser(server);
    const evil = { origin: "https://evil.example", cookie: user.cookie };
    const signIn = await server.request("/api/auth/sign-in/email", json({ email: user.email, password: "correct-horse-battery" }, evil));
    expect(signIn.status).toBe(403);
    const patch = await server.request("/api/me/profile", { ...json({ firstName: "Mallory" }, evil), method: "PATCH" });
    expect(patch.status).toBe(403);
    const me = await server.json<{ firstName: string | null }>("/api/me", { headers: user.headers });
    expect(me.body.firstName).toBeNull();
  });

  it("after sign-out the old session cookie gets 401", async () => {
    const user = await signUpUser(server);
    expect((await server.request("/api/me", { headers: user.headers })).status).toBe(200);
    const out = await server.request("/api/auth/sign-out", json({}, user.headers));
    expect(out.status).toBe(200);
    expect((await server.request("/api/me", { headers: user.headers })).status).toBe(401);
  });
});

describe("rate limiting", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("answers the 4th rapid wrong sign-in with 429 and keeps the counter in the database", async () => {
    const user = await signUpUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await server.request("/api/auth/sign-in/email", json({ email: user.email, password: "wrong-password-123" }));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const rows = await server.deps.database.db
      .selectFrom("rateLimit" as never)
      .selectAll()
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});
