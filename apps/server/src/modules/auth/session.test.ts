import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";

describe("sign-up creates a profile", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("inserts a non-admin profiles row for every new user", async () => {
    const user = await signUpUser(server);
    const profile = await server.deps.database.db.selectFrom("profiles").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(profile.is_admin).toBe(false);
    expect(user.cookie).toContain("better-auth.session_token=");
  });
});
