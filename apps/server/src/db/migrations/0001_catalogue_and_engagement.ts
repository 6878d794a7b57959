import { type Kysely, sql } from "kysely";

// better-auth's own migrations run first (db/migrate.ts) and create "user"; our per-user rows reference it.
const statements = [
  sql`create extension if not exists pg_trgm`,

  sql`create table marketplaces (
    id uuid primary key default gen_random_uuid(),
    name text not null,
    tagline text,
    flag_url text not null,
    is_active boolean not null default true,
    display_order integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  sql`create index marketplaces_active_order_idx on marketplaces (display_order) where is_active`,

  sql`create table brands (
    id uuid primary key default gen_random_uuid(),
    name text not null,
    description text,
    logo_url text,
    cover_image_url text,
    website_url text,
    featured boolean not null default false,
    created_at timestamptz not null default now()
  )`,
  sql`create index brands_created_idx on brands (created_at desc, id desc)`,
  sql`create index brands_name_trgm_idx on brands using gin (name gin_trgm_ops)`,

  sql`create table categories (
    name text primary key,
    created_at timestamptz not null default now()
  )`,

  sql`create table products (
    id uuid primary key default gen_random_uuid(),
    title text not null check (length(title) between 1 and 300),
    description text not null default '',
    price numeric(12,2) not null default 0 check (price >= 0),
    discount_percentage numeric(5,2) not null default 0 check (discount_percentage between 0 and 100),
    category text not null default 'other',
    stock integer not null default 0 check (stock >= 0),
    status text not null default 'draft' check (status in ('draft', 'active', 'archived')),
    brand_id uuid references brands (id) on delete set null,
    specifications jsonb not null default '{}'::jsonb,
    video_url text,
    thumbnail_url text,
    rating_sum integer not null default 0 check (rating_sum >= 0),
    review_count integer not null default 0 check (review_count >= 0),
    feed_rank double precision not null default random(),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create index products_created_idx on products (created_at desc, id desc)`,
  sql`create index products_brand_idx on products (brand_id, created_at desc)`,
  sql`create index products_category_idx on products (category, created_at desc)`,
  sql`create index products_feed_rank_idx on products (feed_rank, id) where status = 'active'`,
  sql`create index products_title_trgm_idx on products using gin (title gin_trgm_ops)`,
  sql`create index products_description_trgm_idx on products using gin (description gin_trgm_ops)`,
  sql`create index products_category_trgm_idx on products using gin (category gin_trgm_ops)`,

  sql`create table marketplace_listings (
    product_id uuid not null references products (id) on delete cascade,
    marketplace_id uuid not null references marketplaces (id) on delete cascade,
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    primary key (product_id, marketplace_id)
  )`,
  sql`create index marketplace_listings_marketplace_idx on marketplace_listings (marketplace_id, product_id) where is_active`,

  sql`create table product_highlights (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    text text not null,
    display_order integer not null default 0
  )`,
  sql`create index product_highlights_product_idx on product_highlights (product_id, display_order)`,

  sql`create table product_promotions (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    has_promotion boolean not null default true,
    label text,
    promo_end_date timestamptz,
    created_at timestamptz not null default now()
  )`,
  sql`create index product_promotions_product_idx on product_promotions (product_id)`,

  sql`create table product_variants (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    size text,
    color text,
    color_hex text check (color_hex is null or color_hex ~ '^#[0-9a-fA-F]{6}$'),
    stock integer not null default 0 check (stock >= 0),
    price_adjustment numeric(12,2) not null default 0,
    image_url text
  )`,
  sql`create index product_variants_product_idx on product_variants (product_id)`,

  sql`create table product_media (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    url text not null,
    type text not null default 'image' check (type in ('image', 'video')),
    category text not null default 'product' check (category in ('product', 'ugc')),
    title text,
    duration numeric(8,2),
    is_main boolean not null default false,
    is_cover boolean not null default false,
    display_order integer not null default 0,
    display_on_landing_page boolean not null default true,
    display_on_profile_page boolean not null default true,
    like_count integer not null default 0 check (like_count >= 0),
    comment_count integer not null default 0 check (comment_count >= 0),
    view_count integer not null default 0 check (view_count >= 0),
    share_count integer not null default 0 check (share_count >= 0),
    thumbnail_url text,
    source_type text not null default 'storage',
    original_url text,
    status text not null default 'ready' check (status in ('processing', 'ready', 'failed')),
    metadata jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`,
  sql`create index product_media_product_idx on product_media (product_id, display_order)`,
  sql`create index product_media_main_idx on product_media (product_id) where is_main`,
  sql`create index product_media_created_idx on product_media (created_at desc)`,

  sql`create table media_renditions (
    media_id uuid not null references product_media (id) on delete cascade,
    height integer not null check (height > 0),
    width integer not null check (width > 0),
    url text not null,
    bytes bigint not null default 0,
    primary key (media_id, height)
  )`,

  sql`create table media_jobs (
    id uuid primary key default gen_random_uuid(),
    kind text not null,
    payload jsonb not null,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    last_error text,
    run_after timestamptz not null default now(),
    locked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create index media_jobs_ready_idx on media_jobs (run_after) where status = 'queued'`,

  sql`create table profiles (
    id text primary key references "user" (id) on delete cascade,
    first_name text,
    last_name text,
    avatar_url text,
    avatar_key text,
    is_admin boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,

  sql`create table user_marketplace_preferences (
    user_id text primary key references "user" (id) on delete cascade,
    marketplace_id uuid not null references marketplaces (id) on delete cascade,
    updated_at timestamptz not null default now()
  )`,

  sql`create table cart_items (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    quantity integer not null check (quantity > 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (user_id, product_id)
  )`,

  sql`create table saved_items (
    user_id text not null references "user" (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (user_id, product_id)
  )`,
  sql`create index saved_items_user_idx on saved_items (user_id, created_at desc)`,

  sql`create table video_likes (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references product_media (id) on delete cascade,
    user_id text not null references "user" (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (media_id, user_id)
  )`,
  sql`create index video_likes_user_idx on video_likes (user_id)`,

  sql`create table video_comments (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references product_media (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    user_id text not null references "user" (id) on delete cascade,
    user_name text not null,
    user_avatar text,
    comment text not null check (length(comment) between 1 and 1000),
    is_edited boolean not null default false,
    is_deleted boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create index video_comments_media_idx on video_comments (media_id, created_at desc) where not is_deleted`,

  sql`create table video_shares (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references product_media (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    user_id text references "user" (id) on delete set null,
    platform text not null check (platform in ('native', 'facebook', 'twitter', 'instagram', 'message', 'copy-link')),
    device_info jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`,
  sql`create index video_shares_media_idx on video_shares (media_id)`,

  sql`create table video_views (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references product_media (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    user_id text references "user" (id) on delete set null,
    session_id text not null,
    viewed_at timestamptz not null default now()
  )`,
  sql`create index video_views_user_idx on video_views (user_id, viewed_at desc) where user_id is not null`,
  sql`create index video_views_media_idx on video_views (media_id)`,

  sql`create table reviews (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    user_id text references "user" (id) on delete set null,
    author_name text not null,
    rating smallint not null check (rating between 1 and 5),
    body text not null default '' check (length(body) <= 2000),
    created_at timestamptz not null default now(),
    unique (product_id, user_id)
  )`,
  sql`create index reviews_product_idx on reviews (product_id, created_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
