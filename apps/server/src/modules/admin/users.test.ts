import type { ErrorBody } from "@reelmart/core/api/errors";
import type { AdminUser, AdminUserPage, AuditEntry, Dashboard } from "@reelmart/core/api/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { ACCOUNT_SUSPENDED_MESSAGE } from "../auth/auth-options.ts";

// The owner's users screen and dashboard through the real app: search and paging, the admin role
// (the store keeps one), bans that end sessions at once, sign-out everywhere, the counts and the
// audit log that every one of these writes lands in.


describe("admin users and dashboard", () => {
  let server: TestServer;
  let owner: TestUser;

  const call = <T = unknown>(method: string, path: string, body?: unknown, as: TestUser = owner) =>
    server.json<T>(`/api/admin${path}`, {
      method,
      headers: { ...as.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A real sign-in from its own client address (better-auth allows 3 per address in 10 s). */
  let nextAddress = 1;
  const signIn = (email: string) =>
    server.app.request(
      "/api/auth/sign-in/email",
      { method: "POST", headers: { "content-type": "application/json", origin: server.deps.config.publicUrl }, body: JSON.stringify({ email, password: "correct-horse-battery" }) },
      { incoming: { socket: { remoteAddress: `10.20.0.${nextAddress++}` } } },
    );
  const me = (user: TestUser) => server.request("/api/me", { headers: user.headers });

  const auditActions = async (entityId: string) =>
    (await server.deps.database.db.selectFrom("admin_audit_log").select(["action", "actor_id"]).where("entity_id", "=", entityId).orderBy("created_at").execute()).map(
      (row) => [row.action, row.actor_id],
    );

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUpUser(server, { admin: true, name: "Owner" });
  });
  afterAll(() => server.close());

  it("searches users by name or email and pages through them newest first", async () => {
    const tag = `pager${Date.now()}`;
    const made: TestUser[] = [];
    for (let index = 0; index < 3; index++) made.push(await signUpUser(server, { email: `${tag}-${index}@example.test`, name: `Pager ${index}`, clientIp: `10.30.0.${index + 1}` }));
    const first = await call<AdminUserPage>("GET", `/users?q=${tag}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((user) => user.email)).toEqual([made[2]!.email, made[1]!.email]);
    expect(first.body.items[0]).toMatchObject({ isAdmin: false, banned: false, name: "Pager 2" });
    const second = await call<AdminUserPage>("GET", `/users?q=${tag}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body).toEqual({ items: [expect.objectContaining({ email: made[0]!.email })], nextCursor: null });
    const byName = await call<AdminUserPage>("GET", "/users?q=owner");
    expect(byName.body.items.map((user) => user.id)).toContain(owner.id);

    const badCursor = await call<ErrorBody>("GET", "/users?cursor=bm90LWEtY3Vyc29y");
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.field).toBe("cursor");
    const badLimit = await call<ErrorBody>("GET", "/users?limit=0");
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.field).toBe("limit");
  });

  it("grants and revokes admin; the last admin is kept; audited", async () => {
    const helper = await signUpUser(server, { clientIp: "10.31.0.1" });
    const granted = await call<AdminUser>("PUT", `/users/${helper.id}/admin`, { isAdmin: true });
    expect(granted).toMatchObject({ status: 200, body: { id: helper.id, isAdmin: true } });
    expect((await server.json<{ isAdmin: boolean }>("/api/me", { headers: helper.headers })).body.isAdmin).toBe(true);
    expect((await call("GET", "/dashboard", undefined, helper)).status).toBe(200);

    const revoked = await call<AdminUser>("PUT", `/users/${helper.id}/admin`, { isAdmin: false });
    expect(revoked.body.isAdmin).toBe(false);
    expect((await call("GET", "/dashboard", undefined, helper)).status).toBe(403);

    // The owner is now the only admin: revoking themselves would leave the store without one.
    const last = await call<ErrorBody>("PUT", `/users/${owner.id}/admin`, { isAdmin: false });
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe("The store needs at least one admin: grant someone else first");
    expect(await auditActions(helper.id)).toEqual([
      ["granted admin", owner.id],
      ["revoked admin", owner.id],
    ]);
  });

  it("a ban ends the user's sessions at once and refuses sign-in until lifted; an admin cannot ban themselves", async () => {
    const shopper = await signUpUser(server, { clientIp: "10.32.0.1" });
    expect((await me(shopper)).status).toBe(200);
    const banned = await call<AdminUser>("PUT", `/users/${shopper.id}/ban`, { banned: true });
    expect(banned).toMatchObject({ status: 200, body: { banned: true } });
    expect((await me(shopper)).status).toBe(401);
    const refused = await signIn(shopper.email);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "ACCOUNT_SUSPENDED", message: ACCOUNT_SUSPENDED_MESSAGE } });

    const unbanned = await call<AdminUser>("PUT", `/users/${shopper.id}/ban`, { banned: false });
    expect(unbanned.body.banned).toBe(false);
    const back = await signIn(shopper.email);
    expect(back.status).toBe(200);

    const self = await call<ErrorBody>("PUT", `/users/${owner.id}/ban`, { banned: true });
    expect(self.status).toBe(409);
    expect(self.body.error.field).toBe("banned");
    expect((await me(owner)).status).toBe(200);
    expect(await auditActions(shopper.id)).toEqual([
      ["banned", owner.id],
      ["unbanned", owner.id],
    ]);
  });

  it("signs a user out everywhere, counting the sessions it ended", async () => {
    const traveller = await signUpUser(server, { clientIp: "10.33.0.1" });
    expect((await signIn(traveller.email)).status).toBe(200);
    const ended = await call<{ sessionsEnded: number }>("POST", `/users/${traveller.id}/sign-out`);
    expect(ended).toEqual({ status: 200, body: { sessionsEnded: 2 } });
    expect((await me(traveller)).status).toBe(401);
    expect(await auditActions(traveller.id)).toEqual([["signed out everywhere", owner.id]]);
  });

  it("answers 400 naming the field for bad bodies and 404 for unknown users", async () => {
    const shopper = await signUpUser(server, { clientIp: "10.34.0.1" });
    const noFlag = await call<ErrorBody>("PUT", `/users/${shopper.id}/admin`, { isAdmin: "yes" });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error.field).toBe("isAdmin");
    const noBan = await call<ErrorBody>("PUT", `/users/${shopper.id}/ban`, {});
    expect(noBan.status).toBe(400);
    expect(noBan.body.error.field).toBe("banned");
    for (const [method, path, body] of [
      ["PUT", "/users/no-such-user/admin", { isAdmin: true }],
      ["PUT", "/users/no-such-user/ban", { banned: true }],
      ["POST", "/users/no-such-user/sign-out", undefined],
    ] as const) {
      const reply = await call<ErrorBody>(method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.error.message).toContain("no-such-user");
    }
  });

  it("the dashboard counts the store and lists the latest changes, newest first", async () => {
    const { db } = server.deps.database;
    const before = (await call<Dashboard>("GET", "/dashboard")).body;
    const brand = await createBrand(db, { name: "Counted" });
    await createProduct(db, { title: "Live", status: "active", stock: 0, brand_id: brand.id });
    await createProduct(db, { title: "Drafted", status: "draft" });
    await createProduct(db, { title: "Retired", status: "archived" });
    const { body: created } = await call<{ id: string }>("POST", "/products");

    const reply = await server.request("/api/admin/dashboard", { headers: owner.headers });
    expect(reply.headers.get("cache-control")).toBe("no-store");
    const after = (await reply.json()) as Dashboard;
    expect(after.products).toEqual({
      active: before.products.active + 1,
      draft: before.products.draft + 2,
      archived: before.products.archived + 1,
      outOfStock: before.products.outOfStock + 2,
    });
    expect(after.brands).toBe(before.brands + 1);
    expect(after.users).toBe(before.users);
    expect(after.admins).toBeGreaterThanOrEqual(1);
    expect(after.mediaJobs).toEqual({ waiting: 0, failed: 0 });
    expect(after.recentChanges.length).toBeLessThanOrEqual(10);
    expect(after.recentChanges[0]).toMatchObject({ action: "created", entity: "product", entityId: created.id, actorEmail: owner.email });

    // The whole log pages newest first with a cursor.
    const page = await call<{ items: AuditEntry[]; nextCursor: string | null }>("GET", "/audit?limit=3");
    expect(page.body.items[0]?.entityId).toBe(created.id);
    const next = await call<{ items: AuditEntry[] }>("GET", `/audit?limit=3&cursor=${encodeURIComponent(page.body.nextCursor!)}`);
    expect(next.body.items.map((entry) => entry.id)).not.toContain(page.body.items[2]!.id);
    const times = [...page.body.items, ...next.body.items].map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call<ErrorBody>("GET", "/audit?cursor=garbage")).status).toBe(400);
  });
});
