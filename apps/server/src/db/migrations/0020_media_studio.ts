import { type Kysely, sql } from "kysely";

// Issue 12 (media studio): resumable uploads whose state every instance shares (decision 090),
// job progress for the admin screen, shopper video submissions waiting for moderation, captions.

/** product_media columns that responses show (0002's list plus captions_url). */
const MEDIA_COLUMNS = [
  "id",
  "product_id",
  "url",
  "type",
  "category",
  "title",
  "duration",
  "is_main",
  "is_cover",
  "display_order",
  "display_on_landing_page",
  "display_on_profile_page",
  "thumbnail_url",
  "source_type",
  "original_url",
  "status",
  "metadata",
  "created_at",
  "captions_url",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table media_uploads (
    id text primary key,
    user_id text not null references "user" (id) on delete cascade,
    purpose text not null check (purpose in ('product-video', 'product-image', 'submission')),
    product_id uuid not null references products (id) on delete cascade,
    size bigint check (size >= 0),
    upload_offset bigint not null default 0 check (upload_offset >= 0),
    parts jsonb not null default '[]'::jsonb,
    metadata jsonb not null default '{}'::jsonb,
    status text not null default 'uploading' check (status in ('uploading', 'complete')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index media_uploads_expiry_idx on media_uploads (expires_at) where status = 'uploading'`.execute(db);

  await sql`create table media_submissions (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    title text,
    status text not null default 'processing' check (status in ('processing', 'pending', 'approved', 'rejected', 'failed')),
    reason text,
    media_id uuid references product_media (id) on delete set null,
    result jsonb,
    source_key text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index media_submissions_user_idx on media_submissions (user_id, created_at desc)`.execute(db);
  await sql`create index media_submissions_status_idx on media_submissions (status, created_at desc)`.execute(db);

  await sql`alter table media_jobs
    add column media_id uuid references product_media (id) on delete cascade,
    add column submission_id uuid references media_submissions (id) on delete cascade,
    add column stage text,
    add column progress integer not null default 0 check (progress between 0 and 100)`.execute(db);
  await sql`create index media_jobs_media_idx on media_jobs (media_id) where media_id is not null`.execute(db);
  await sql`create index media_jobs_submission_idx on media_jobs (submission_id) where submission_id is not null`.execute(db);

  await sql`alter table product_media add column captions_url text`.execute(db);
  await sql`drop trigger product_media_public_cache_update on product_media`.execute(db);
  await sql`create trigger product_media_public_cache_update after update of ${sql.join(MEDIA_COLUMNS.map((column) => sql.id(column)))} on product_media
    for each statement execute function notify_public_cache()`.execute(db);
}
