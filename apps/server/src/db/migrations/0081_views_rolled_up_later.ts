import { type Kysely, sql } from "kysely";

// Views leave the write path of the rollups (decision 151): a view is again one counter update and
// one row, and the analytics rollup job counts the rows it has not counted yet. Rows that exist now
// were counted by migration 0080's backfill or on write, so they start counted; new rows do not.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table video_views add column counted boolean not null default true`.execute(db);
  await sql`alter table video_views alter column counted set default false`.execute(db);
  await sql`create index video_views_uncounted_idx on video_views (viewed_at, id) where not counted`.execute(db);
}
