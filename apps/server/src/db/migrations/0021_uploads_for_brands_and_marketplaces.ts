import { type Kysely, sql } from "kysely";

// Brand logos and covers and marketplace flags arrive over tus too (issue 12): an upload is for a
// product, a brand or a marketplace, so product_id may be empty; the brand or marketplace id
// travels in the upload's metadata (the row is short-lived, and a deleted brand just fails the finish).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table media_uploads alter column product_id drop not null`.execute(db);
  await sql`alter table media_uploads drop constraint media_uploads_purpose_check`.execute(db);
  await sql`alter table media_uploads add constraint media_uploads_purpose_check
    check (purpose in ('product-video', 'product-image', 'submission', 'brand-logo', 'brand-cover', 'marketplace-flag'))`.execute(db);
  await sql`alter table media_uploads add constraint media_uploads_product_check
    check ((product_id is null) = (purpose in ('brand-logo', 'brand-cover', 'marketplace-flag')))`.execute(db);
}
