import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { setAdminRole } from "./admin-role.ts";

describe("admin grant / revoke", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("grants and revokes is_admin, which /api/me reports at once", async () => {
    const user = await signUpUser(server, { email: "Boss@Example.test" });
    const granted = await setAdminRole(server.deps.database.db, " BOSS@example.test ", true);
    expect(granted).toEqual({ ok: true, email: "boss@example.test", changed: true });
    expect((await server.json<{ isAdmin: boolean }>("/api/me", { headers: user.headers })).body.isAdmin).toBe(true);
    const again = await setAdminRole(server.deps.database.db, "boss@example.test", true);
    expect(again).toMatchObject({ ok: true, changed: false });
    await setAdminRole(server.deps.database.db, "boss@example.test", false);
    expect((await server.json<{ isAdmin: boolean }>("/api/me", { headers: user.headers })).body.isAdmin).toBe(false);
  });

  it("names the problem when the email is unknown", async () => {
    const result = await setAdminRole(server.deps.database.db, "nobody@example.test", true);
    expect(result).toEqual({ ok: false, message: "No user with the email nobody@example.test. They must sign up first." });
  });
});
