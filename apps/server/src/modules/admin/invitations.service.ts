import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Auth } from "../auth/auth.ts";
import { authCall } from "../auth/auth-calls.ts";

export type InvitationResult = { ok: true; userId: string; email: string; created: boolean } | { ok: false; reason: "already_member" };

/**
 * Invites a person by email: creates their account with no sign-in method yet (a pending invite),
 * then sends a set-password link through the configured Delivery (the reset-password flow, worded
 * as an invitation). Inviting a pending invitee again sends a fresh link; someone who can already
 * sign in is not invited.
 */
export async function inviteUser(auth: Auth, db: Kysely<DB>, rawEmail: string): Promise<InvitationResult> {
  const email = rawEmail.trim().toLowerCase();
  const context = await auth.$context;
  let user = await db.selectFrom("user").select(["id", "email"]).where("email", "=", email).executeTakeFirst();
  let created = false;
  if (user) {
    const accounts = await sql<{ id: string }>`select id from account where "userId" = ${user.id} limit 1`.execute(db);
    if (accounts.rows.length > 0) return { ok: false, reason: "already_member" };
  } else {
    // better-auth's adapter runs the user hooks, so the invitee gets a profiles row like any sign-up.
    const createdUser = await authCall(() => context.internalAdapter.createUser({ email, name: email.split("@")[0] || "User", emailVerified: false }, { method: "admin" }));
    user = { id: createdUser.id, email: createdUser.email };
    created = true;
  }
  await auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth?mode=reset" } });
  return { ok: true, userId: user.id, email: user.email, created };
}
