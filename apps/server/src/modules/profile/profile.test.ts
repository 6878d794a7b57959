import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

describe("GET /api/me and PATCH /api/me/profile", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("is 401 when signed out", async () => {
    const { status, body } = await server.json<{ error: { code: string } }>("/api/me");
    expect(status).toBe(401);
    expect(body.error.code).toBe("unauthenticated");
  });

  it("GET /api/session answers 200 with a null user when signed out, the user when signed in, and is never cached", async () => {
    const anonymous = await server.request("/api/session");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    expect(await anonymous.json()).toEqual({ user: null });
    const user = await signUpUser(server, { email: "session.reader@example.test" });
    const { status, body } = await server.json<{ user: { id: string; name: string } | null }>("/api/session", { headers: user.headers });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: user.id, name: "session.reader" });
  });

  it("names a new user after the email's local part", async () => {
    const user = await signUpUser(server, { email: "jane.doe@example.test" });
    const { status, body } = await server.json<Record<string, unknown>>("/api/me", { headers: user.headers });
    expect(status).toBe(200);
    expect(body).toEqual({
      id: user.id,
      email: "jane.doe@example.test",
      name: "jane.doe",
      firstName: null,
      lastName: null,
      avatarUrl: null,
      isAdmin: false,
    });
  });

  it("trims names and uses first + last as the display name", async () => {
    const user = await signUpUser(server);
    const { status, body } = await server.json<{ name: string; firstName: string; lastName: string | null }>("/api/me/profile", {
      method: "PATCH",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ firstName: "  Ada ", lastName: " Lovelace  " }),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ firstName: "Ada", lastName: "Lovelace", name: "Ada Lovelace" });
    const cleared = await server.json<{ lastName: string | null; name: string }>("/api/me/profile", {
      method: "PATCH",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ lastName: "   " }),
    });
    expect(cleared.body).toMatchObject({ lastName: null, name: "Ada" });
  });

  it("refuses a profile edit when signed out and names the bad field", async () => {
    const anonymous = await server.request("/api/me/profile", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstName: "X" }),
    });
    expect(anonymous.status).toBe(401);
    const user = await signUpUser(server);
    const bad = await server.json<{ error: { field: string } }>("/api/me/profile", {
      method: "PATCH",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ firstName: 42 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("firstName");
  });

  it("reports is_admin from the profiles row", async () => {
    const admin = await signUpUser(server, { admin: true });
    const { body } = await server.json<{ isAdmin: boolean }>("/api/me", { headers: admin.headers });
    expect(body.isAdmin).toBe(true);
  });
});
