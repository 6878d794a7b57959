import type { Me } from "@reelmart/core/api/profile";
import { displayName } from "@reelmart/core/display-name";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export async function getMe(db: Kysely<DB>, userId: string): Promise<Me | null> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .select([
      "user.id as id",
      "user.email as email",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "profiles.avatar_url as avatarUrl",
      "profiles.is_admin as isAdmin",
    ])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: displayName(row.firstName, row.lastName, row.email),
    firstName: row.firstName,
    lastName: row.lastName,
    avatarUrl: row.avatarUrl,
    isAdmin: row.isAdmin ?? false,
  };
}

/** Updates the names (trimmed; empty becomes null) and returns the new view of the user. */
export async function updateNames(db: Kysely<DB>, userId: string, input: { firstName?: string | null; lastName?: string | null }): Promise<Me | null> {
  const clean = (value: string | null | undefined) => (value == null ? null : value.trim() || null);
  const values: { first_name?: string | null; last_name?: string | null; updated_at: Date } = { updated_at: new Date() };
  if (input.firstName !== undefined) values.first_name = clean(input.firstName);
  if (input.lastName !== undefined) values.last_name = clean(input.lastName);
  await db
    .insertInto("profiles")
    .values({ id: userId, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
  return getMe(db, userId);
}
