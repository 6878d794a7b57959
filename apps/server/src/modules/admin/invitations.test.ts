import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { lastMessageTo } from "../auth/delivery.ts";

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("POST /api/admin/invitations", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("is for admins only: 401 signed out, 403 for a shopper", async () => {
    expect((await server.request("/api/admin/invitations", post({ email: "x@example.test" }))).status).toBe(401);
    const shopper = await signUpUser(server);
    const refused = await server.json<{ error: { code: string } }>("/api/admin/invitations", post({ email: "x@example.test" }, shopper.headers));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect(lastMessageTo("x@example.test")).toBeUndefined();
  });

  it("creates the account, emails a set-password link that works, and the invitee signs in", async () => {
    const admin = await signUpUser(server, { admin: true });
    const invited = await server.json<{ userId: string; email: string; status: string }>("/api/admin/invitations", post({ email: "New.Hire@Example.test" }, admin.headers));
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "new.hire@example.test", status: "created" });
    const profile = await server.deps.database.db.selectFrom("profiles").select("is_admin").where("id", "=", invited.body.userId).executeTakeFirst();
    expect(profile).toEqual({ is_admin: false });

    const message = lastMessageTo("new.hire@example.test")!;
    expect(message).toMatchObject({ kind: "email", subject: "You're invited to Reelmart" });
    const link = new URL(/(http\S+)/.exec(message.text)![1]!);
    const token = link.pathname.split("/").pop()!;
    expect((await server.request("/api/auth/reset-password", post({ token, newPassword: "a-fresh-invitee-secret" }))).status).toBe(200);
    const signIn = await server.request("/api/auth/sign-in/email", post({ email: "new.hire@example.test", password: "a-fresh-invitee-secret" }));
    expect(signIn.status).toBe(200);

    // Now a member: a second invitation is refused rather than resetting their password.
    const again = await server.json<{ error: { code: string; field: string } }>("/api/admin/invitations", post({ email: "new.hire@example.test" }, admin.headers));
    expect(again.status).toBe(409);
    expect(again.body.error.field).toBe("email");
  });

  it("sends a pending invitee a fresh link and validates the email", async () => {
    const admin = await signUpUser(server, { admin: true });
    expect((await server.request("/api/admin/invitations", post({ email: "pending@example.test" }, admin.headers))).status).toBe(201);
    const first = lastMessageTo("pending@example.test")!.text;
    const resent = await server.json<{ status: string }>("/api/admin/invitations", post({ email: "pending@example.test" }, admin.headers));
    expect(resent).toMatchObject({ status: 200, body: { status: "resent" } });
    expect(lastMessageTo("pending@example.test")!.text).not.toBe(first);
    const bad = await server.json<{ error: { field: string } }>("/api/admin/invitations", post({ email: "not-an-email" }, admin.headers));
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe("email");
  });
});
