import { randomBytes } from "node:crypto";
import type { TestServer } from "./test-server.ts";

export interface TestUser {
  id: string;
  email: string;
  /** The Cookie header value that carries this user's session. */
  cookie: string;
  headers: Record<string, string>;
}

export interface SignUpOptions {
  email?: string;
  name?: string;
  /** Sets profiles.is_admin. */
  admin?: boolean;
  /** The client address the request comes from; better-auth limits sign-ups per address. */
  clientIp?: string;
}

/** Signs a new user up through better-auth's real endpoint. */
export async function signUpUser(server: TestServer, options: SignUpOptions = {}): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString("hex")}@example.test`;
  const init = {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.deps.config.publicUrl },
    body: JSON.stringify({ email, password: "correct-horse-battery", name: options.name ?? email.split("@")[0] }),
  };
  const response = options.clientIp
    ? await server.app.request("/api/auth/sign-up/email", init, { incoming: { socket: { remoteAddress: options.clientIp } } })
    : await server.request("/api/auth/sign-up/email", init);
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

/**
 * Signs up `count` users, each from its own client address (as that many different phones would),
 * so better-auth's per-address sign-up limit does not apply.
 */
export async function signUpMany(server: TestServer, count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  const signUp = (index: number) =>
    signUpUser(server, {
      email: `crowd-${index}-${randomBytes(3).toString("hex")}@example.test`,
      name: `Crowd ${index}`,
      clientIp: `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    });
  // Batches keep the password hashing from starving the shared 2-core machine.
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, offset) => signUp(start + offset));
    users.push(...(await Promise.all(batch)));
  }
  return users;
}
