import { type Kysely, sql } from "kysely";

// Every admin write leaves a row here (issue 11): who, what, when and a short before/after summary,
// shown on the admin dashboard. The actor's row survives a deleted account (set null) so history stays.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table admin_audit_log (
    id uuid primary key default gen_random_uuid(),
    actor_id text references "user" (id) on delete set null,
    actor_email text not null,
    action text not null check (length(action) between 1 and 100),
    entity text not null check (length(entity) between 1 and 100),
    entity_id text,
    summary jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index admin_audit_log_created_idx on admin_audit_log (created_at desc, id desc)`.execute(db);
  await sql`create index admin_audit_log_entity_idx on admin_audit_log (entity, entity_id, created_at desc)`.execute(db);
}
