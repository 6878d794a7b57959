import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export type AdminRoleResult = { ok: true; email: string; changed: boolean } | { ok: false; message: string };

/**
 * `npm run admin -- grant|revoke <email>`: profiles.is_admin is the one source of the admin role
 * (000 §6), so this is the only switch. Emails are matched case-insensitively, as better-auth stores them lower-cased.
 */
export async function setAdminRole(db: Kysely<DB>, email: string, isAdmin: boolean): Promise<AdminRoleResult> {
  const normalized = email.trim().toLowerCase();
  if (!normalized) return { ok: false, message: "Give the user's email: npm run admin -- grant <email>" };
  const user = await db.selectFrom("user").select(["id", "email"]).where("email", "=", normalized).executeTakeFirst();
  if (!user) return { ok: false, message: `No user with the email ${normalized}. They must sign up first.` };
  const current = await db.selectFrom("profiles").select("is_admin").where("id", "=", user.id).executeTakeFirst();
  await db
    .insertInto("profiles")
    .values({ id: user.id, is_admin: isAdmin, updated_at: new Date() })
    .onConflict((oc) => oc.column("id").doUpdateSet({ is_admin: isAdmin, updated_at: new Date() }))
    .execute();
  return { ok: true, email: user.email, changed: (current?.is_admin ?? false) !== isAdmin };
}
