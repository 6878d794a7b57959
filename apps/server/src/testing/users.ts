import { randomBytes } from "node:crypto";
import type { TestServer } from "./test-server.ts";

export interface TestUser {
  id: string;
  email: string;
  /** The Cookie header value that carries this user's session. */
  cookie: string;
  headers: Record<string, string>;
}

/** Signs a new user up through better-auth's real endpoint; `admin` sets profiles.is_admin. */
export async function signUpUser(server: TestServer, options: { email?: string; name?: string; admin?: boolean } = {}): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString("hex")}@example.test`;
  const response = await server.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct-horse-battery", name: options.name ?? email.split("@")[0] }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (options.admin) {
    await server.deps.database.db.updateTable("profiles").set({ is_admin: true }).where("id", "=", body.user.id).execute();
  }
  return { id: body.user.id, email, cookie, headers: { cookie } };
}
