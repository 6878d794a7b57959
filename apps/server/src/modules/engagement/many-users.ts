import type { TestServer } from "../../testing/test-server.ts";

/**
 * Test helper: signs up `count` users through the real sign-up endpoint, each from its own client
 * address (as 200 different phones would), so better-auth's per-IP sign-up limit does not apply.
 */
export async function signUpMany(server: TestServer, count: number): Promise<{ id: string; headers: Record<string, string> }[]> {
  const users: { id: string; headers: Record<string, string> }[] = [];
  const signUp = async (index: number) => {
    const email = `crowd-${index}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const env = { incoming: { socket: { remoteAddress: `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}` } } };
    const response = await server.app.request(
      "/api/auth/sign-up/email",
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.deps.config.publicUrl },
        body: JSON.stringify({ email, password: "correct-horse-battery", name: `Crowd ${index}` }),
      },
      env,
    );
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { user: { id: string } };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    return { id: body.user.id, headers: { cookie } };
  };
  // Batches keep the password hashing from starving the shared 2-core machine.
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, offset) => signUp(start + offset));
    users.push(...(await Promise.all(batch)));
  }
  return users;
}
