import { type Kysely, sql } from "kysely";

// Issue 11. products.version: optimistic concurrency for admin saves (a save names the version it
// was based on; a stale one answers 409). store_settings: one row with the store's name and the
// splash screen's brand name and logo, served at /splash/config.json. profiles.banned_at: a banned
// user's sessions are deleted and the session lookup refuses them from then on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column version integer not null default 0`.execute(db);
  await sql`create table store_settings (
    id boolean primary key default true check (id),
    store_name text not null,
    splash_brand_name text not null,
    splash_logo_url text,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`alter table profiles add column banned_at timestamptz`.execute(db);
  await sql`create index products_updated_idx on products (updated_at desc, id desc)`.execute(db);
  await sql`create index products_status_idx on products (status)`.execute(db);
}
