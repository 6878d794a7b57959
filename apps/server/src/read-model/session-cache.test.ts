import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationsSettled as settled } from "../testing/notifications.ts";
import { type TestServer, startTestServer } from "../testing/test-server.ts";
import { type TestUser, signUpUser } from "../testing/users.ts";
import { SESSION_CACHE_TTL_MS, SessionCache, VIEWER_SESSIONS_CHANNEL, sessionCacheKey } from "./session-cache.ts";

// Decision 104: session lookups cached per instance for SESSION_CACHE_TTL_MS, and dropped on every
// instance as soon as the database reports a session ended or a viewer changed.

const viewer = (userId: string) => ({ userId, email: `${userId}@example.test`, name: userId, isAdmin: false });
const session = (token: string) => ({ token, expiresAt: new Date(Date.now() + 60_000) });

describe("SessionCache", () => {
  it("keys on the session credentials only", () => {
    expect(sessionCacheKey(null, "theme=dark; better-auth.session_token=abc.sig; other=1")).toBe(sessionCacheKey(null, "better-auth.session_token=abc.sig"));
    expect(sessionCacheKey(null, "better-auth.session_token=abc.sig")).not.toBe(sessionCacheKey(null, "better-auth.session_token=abd.sig"));
    expect(sessionCacheKey("Bearer abc", null)).not.toBe(sessionCacheKey(null, null));
  });

  it("serves an entry until its TTL or the session's expiry, whichever is sooner", () => {
    let now = 0;
    const cache = new SessionCache(1000, 10, () => now);
    cache.store("k", viewer("u"), { token: "t", expiresAt: new Date(60_000) }, cache.currentGeneration);
    cache.store("soon", viewer("v"), { token: "s", expiresAt: new Date(500) }, cache.currentGeneration);
    now = 499;
    expect([cache.get("k"), cache.get("soon")].map(Boolean)).toEqual([true, true]);
    now = 500;
    expect([cache.get("k"), cache.get("soon")].map(Boolean)).toEqual([true, false]);
    now = 1000;
    expect(cache.get("k")).toBeUndefined();
  });

  it("drops ended sessions and changed users, and refuses a lookup made across a notification", () => {
    const cache = new SessionCache();
    cache.store("a", viewer("u1"), session("ta"), cache.currentGeneration);
    cache.store("b", viewer("u1"), session("tb"), cache.currentGeneration);
    cache.store("c", viewer("u2"), session("tc"), cache.currentGeneration);
    cache.invalidate("t:ta,zz");
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map(Boolean)).toEqual([false, true, true]);
    const before = cache.currentGeneration;
    cache.invalidate("u:u1");
    expect([cache.get("b"), cache.get("c")].map(Boolean)).toEqual([false, true]);
    cache.store("b", viewer("u1"), session("tb"), before);
    expect(cache.get("b")).toBeUndefined();
    cache.invalidate("*");
    expect(cache.size).toBe(0);
  });
});

describe("session cache in the app, across instances", () => {
  let server: TestServer;
  /** A second instance on the same database (PostgreSQL); PGlite is one process, so the same one. */
  let other: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startTestServer({}, { readModel: true });
    const url = (server.deps.database.pool.options as { connectionString?: string }).connectionString;
    other = server.deps.database.kind === "postgres" && url ? await startTestServer({ DATABASE_URL: url }, { readModel: true }) : server;
    owner = await signUpUser(server, { admin: true, name: "Owner" });
  });
  afterAll(async () => {
    if (other !== server) await other?.close();
    await server?.close();
  });

  const sessionOf = async (user: TestUser, on = server) => (await on.json<{ user: { id: string } | null }>("/api/session", { headers: user.headers })).body.user?.id ?? null;
  const admin = (method: string, path: string, body?: unknown) =>
    other.json(`/api/admin${path}`, {
      method,
      headers: { ...owner.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Well inside the TTL: the change must come through the notification, not the entry's age. */
  async function withinOneSecond(check: () => Promise<boolean>) {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > 1000) throw new Error("the cached session outlived its revocation");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - started).toBeLessThan(SESSION_CACHE_TTL_MS);
  }

  /** Sign-up's profile insert sends 'u:<id>': a late one would drop an entry stored after it was sent. */
  const notificationsSettled = () => settled(VIEWER_SESSIONS_CHANNEL, (other === server ? [server] : [server, other]).map((instance) => instance.deps.database), "u:");

  it("answers a repeated lookup from memory: the session table is not read again", async () => {
    const user = await signUpUser(server);
    await notificationsSettled();
    expect(await sessionOf(user)).toBe(user.id);
    // Expiring the row in place notifies nothing (only ends and viewer changes do): a lookup would see it.
    await server.deps.database.db.updateTable("session").set({ expiresAt: new Date(Date.now() - 1000) }).where("userId", "=", user.id).execute();
    expect(await sessionOf(user)).toBe(user.id);
    expect(await sessionOf(user, other)).toBe(other === server ? user.id : null);
  });

  it("forgets a session at once after its own sign-out", async () => {
    const user = await signUpUser(server);
    expect(await sessionOf(user)).toBe(user.id);
    const out = await server.request("/api/auth/sign-out", { method: "POST", headers: user.headers });
    expect(out.status).toBe(200);
    // The browser drops the cookie; one replayed afterwards must not sign anyone in.
    await withinOneSecond(async () => (await sessionOf(user)) === null);
  });

  it("ends every instance's cached sessions when an admin signs the user out everywhere, bans, or revokes admin", async () => {
    const user = await signUpUser(server, { admin: true });
    expect(await sessionOf(user)).toBe(user.id);
    expect((await server.request("/api/admin/users", { headers: user.headers })).status).toBe(200);

    expect((await admin("PUT", `/users/${user.id}/admin`, { isAdmin: false })).status).toBe(200);
    await withinOneSecond(async () => (await server.request("/api/admin/users", { headers: user.headers })).status === 403);

    expect((await admin("POST", `/users/${user.id}/sign-out`)).status).toBe(200);
    await withinOneSecond(async () => (await sessionOf(user)) === null);

    const banned = await signUpUser(server);
    expect(await sessionOf(banned)).toBe(banned.id);
    expect((await admin("PUT", `/users/${banned.id}/ban`, { banned: true })).status).toBe(200);
    await withinOneSecond(async () => (await sessionOf(banned)) === null);
  });
});
