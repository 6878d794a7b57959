import type { AdminUser, AdminUserPage } from "@reelmart/core/api/admin";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badCursor, conflict, notFound } from "../../shared/errors.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { containsPattern } from "../../db/like-pattern.ts";
import { decodeSortCursor, encodeSortCursor } from "./admin-cursor.ts";
import { recordAudit } from "./audit.ts";
import { utcText } from "../../db/utc-text.ts";

type Actor = Pick<Viewer, "userId" | "email">;

function usersQuery(db: Kysely<DB>) {
  return db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.id", "u.id")
    .select([
      "u.id",
      "u.name",
      "u.email",
      "u.createdAt",
      sql<boolean>`coalesce(p.is_admin, false)`.as("is_admin"),
      "p.banned_at",
      sql<Date | null>`(select max(s."updatedAt") from session s where s."userId" = u.id)`.as("last_active_at"),
      utcText("u.createdAt", "us").as("sort_value"),
    ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>["executeTakeFirstOrThrow"]>>;

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.is_admin,
    banned: row.banned_at !== null,
    joinedAt: new Date(row.createdAt).toISOString(),
    lastActiveAt: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
  };
}

/** Users newest first, searched by name or email, one keyset page at a time. */
export async function listAdminUsers(db: Kysely<DB>, input: { q?: string; cursor?: string; limit: number }): Promise<AdminUserPage> {
  let query = usersQuery(db);
  if (input.q) {
    const pattern = containsPattern(input.q);
    query = query.where((eb) => eb.or([eb("u.email", "ilike", pattern), eb("u.name", "ilike", pattern)]));
  }
  if (input.cursor) {
    const keyset = decodeSortCursor("joined", input.cursor);
    if (!keyset || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(keyset.value)) throw badCursor();
    query = query.where(sql<boolean>`(u."createdAt", u.id) < (${keyset.value}::timestamptz, ${keyset.id})`);
  }
  const rows = await query.orderBy("u.createdAt", "desc").orderBy("u.id", "desc").limit(input.limit + 1).execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    nextCursor: rows.length > input.limit && last ? encodeSortCursor("joined", { value: last.sort_value, id: last.id }) : null,
  };
}

async function getAdminUser(db: Kysely<DB>, id: string): Promise<AdminUser> {
  const row = await usersQuery(db).where("u.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`User with ID ${id} not found`);
  return toAdminUser(row);
}

async function lockUser(db: Kysely<DB>, id: string) {
  const user = await db.selectFrom("user").select(["id", "email"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!user) throw notFound(`User with ID ${id} not found`);
  return user;
}

/**
 * Grant or revoke the admin role. The store must keep an admin: revoking the last one is refused
 * (409), which also covers an admin revoking themselves when no other admin exists.
 */
export async function setUserAdmin(db: Kysely<DB>, actor: Actor, id: string, isAdmin: boolean): Promise<AdminUser> {
  await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, id);
    if (!isAdmin) {
      // Lock every admin's profile so two admins revoking each other at once cannot both succeed.
      const admins = await trx.selectFrom("profiles").select("id").where("is_admin", "=", true).forUpdate().execute();
      if (admins.length <= 1 && admins.some((admin) => admin.id === id)) throw conflict("The store needs at least one admin: grant someone else first", "isAdmin");
    }
    await trx
      .insertInto("profiles")
      .values({ id, is_admin: isAdmin, updated_at: new Date() })
      .onConflict((oc) => oc.column("id").doUpdateSet({ is_admin: isAdmin, updated_at: new Date() }))
      .execute();
    await recordAudit(trx, { actor, action: isAdmin ? "granted admin" : "revoked admin", entity: "user", entityId: id, summary: { email: user.email } });
  });
  return getAdminUser(db, id);
}

/** Ends every session of the user at once (the session lookup reads the session table on each request). */
export async function signOutEverywhere(db: Kysely<DB>, actor: Actor, id: string): Promise<{ sessionsEnded: number }> {
  return db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, id);
    const result = await trx.deleteFrom("session").where("userId", "=", id).executeTakeFirst();
    const sessionsEnded = Number(result.numDeletedRows);
    await recordAudit(trx, { actor, action: "signed out everywhere", entity: "user", entityId: id, summary: { email: user.email, sessionsEnded } });
    return { sessionsEnded };
  });
}

/** A ban ends the user's sessions and refuses new ones (auth-options.ts) until lifted. An admin cannot ban themselves. */
export async function setUserBanned(db: Kysely<DB>, actor: Actor, id: string, banned: boolean): Promise<AdminUser> {
  if (banned && id === actor.userId) throw conflict("You cannot ban yourself", "banned");
  await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, id);
    const values = { banned_at: banned ? new Date() : null, updated_at: new Date(), ...(banned ? { is_admin: false } : {}) };
    await trx
      .insertInto("profiles")
      .values({ id, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    if (banned) await trx.deleteFrom("session").where("userId", "=", id).execute();
    await recordAudit(trx, { actor, action: banned ? "banned" : "unbanned", entity: "user", entityId: id, summary: { email: user.email } });
  });
  return getAdminUser(db, id);
}
