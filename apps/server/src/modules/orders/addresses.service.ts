import type { AddressInput, AddressList } from "@reelmart/core/api/orders";
import { AddressInputSchema } from "@reelmart/core/api/orders";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";

// A shopper's saved delivery addresses, scoped by user: another user's address is not found.

export type ParsedAddress = ReturnType<typeof AddressInputSchema.parse>;

export const addressRow = (userId: string, address: ParsedAddress) => ({
  user_id: userId,
  name: address.name,
  phone: address.phone,
  line1: address.line1,
  line2: address.line2 || null,
  city: address.city,
  state: address.state,
  postal_code: address.postalCode,
  country_code: address.countryCode,
});

export async function listAddresses(db: Kysely<DB>, userId: string): Promise<AddressList> {
  const rows = await db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id").limit(20).execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      line1: row.line1,
      line2: row.line2 ?? "",
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      countryCode: row.country_code,
    })),
  };
}

export async function addAddress(db: Kysely<DB>, userId: string, input: AddressInput) {
  const address = AddressInputSchema.parse(input);
  const row = await db.insertInto("addresses").values(addressRow(userId, address)).returning("id").executeTakeFirstOrThrow();
  return { id: row.id, ...address, line2: address.line2 ?? "" };
}

export async function deleteAddress(db: Kysely<DB>, userId: string, addressId: string) {
  const deleted = await db.deleteFrom("addresses").where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound("Address not found");
}
