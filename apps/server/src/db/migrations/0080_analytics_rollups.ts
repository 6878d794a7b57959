import { type Kysely, sql } from "kysely";

// Issue #17 (docs/decisions/150-commerce-analytics.md): daily figures per media and per product,
// kept by the write that causes them (modules/analytics/rollups.ts), so the admin screens read
// these small tables and never the event rows. Days are UTC dates.

const figures = `
    views integer not null default 0,
    unique_viewers integer not null default 0,
    likes integer not null default 0,
    comments integer not null default 0,
    shares integer not null default 0,
    add_to_carts integer not null default 0,
    orders integer not null default 0,
    units integer not null default 0,
    revenue_paise bigint not null default 0`;

const statements = [
  sql`create table analytics_media_daily (
    media_id uuid not null references product_media (id) on delete cascade,
    day date not null,
    product_id uuid not null references products (id) on delete cascade,
    ${sql.raw(figures)},
    primary key (media_id, day)
  )`,
  sql`create index analytics_media_daily_day_idx on analytics_media_daily (day)`,
  sql`create table analytics_product_daily (
    product_id uuid not null references products (id) on delete cascade,
    day date not null,
    saves integer not null default 0,
    ${sql.raw(figures)},
    primary key (product_id, day)
  )`,
  sql`create index analytics_product_daily_day_idx on analytics_product_daily (day)`,
  // Which sessions already counted as a viewer that day: the view that inserts here is a new viewer.
  // No foreign keys: these rows are only ever probed by their primary key, and keeping the view fast matters more.
  sql`create table analytics_media_viewers (
    media_id uuid not null,
    day date not null,
    session_id text not null,
    primary key (media_id, day, session_id)
  )`,
  sql`create table analytics_product_viewers (
    product_id uuid not null,
    day date not null,
    session_id text not null,
    primary key (product_id, day, session_id)
  )`,

  // Backfill from the rows that exist. Cart lines and order lines carry the media they came from
  // since migration 0030; a cart line counts as one add (its earlier adds were merged into it).
  sql`insert into analytics_media_viewers (media_id, day, session_id)
    select distinct media_id, (viewed_at at time zone 'UTC')::date, session_id from video_views`,
  sql`insert into analytics_product_viewers (product_id, day, session_id)
    select distinct product_id, (viewed_at at time zone 'UTC')::date, session_id from video_views`,
  sql`with events as (
      select media_id, product_id, (viewed_at at time zone 'UTC')::date as day, 1 as views, 0 as likes, 0 as comments, 0 as shares, 0 as add_to_carts, 0 as orders, 0 as units, 0::bigint as revenue_paise from video_views
      union all select media_id, product_id, (created_at at time zone 'UTC')::date, 0, 1, 0, 0, 0, 0, 0, 0 from video_likes
      union all select media_id, product_id, (created_at at time zone 'UTC')::date, 0, 0, 1, 0, 0, 0, 0, 0 from video_comments
      union all select media_id, product_id, (created_at at time zone 'UTC')::date, 0, 0, 0, 1, 0, 0, 0, 0 from video_shares
      union all select ci.media_id, m.product_id, (ci.created_at at time zone 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0
        from cart_items ci join product_media m on m.id = ci.media_id
      union all select l.media_id, m.product_id, (o.created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, count(distinct o.id)::int, sum(l.quantity)::int, sum(l.line_total_paise)::bigint
        from order_lines l join orders o on o.id = l.order_id join product_media m on m.id = l.media_id
        group by l.media_id, m.product_id, (o.created_at at time zone 'UTC')::date
    )
    insert into analytics_media_daily (media_id, day, product_id, views, unique_viewers, likes, comments, shares, add_to_carts, orders, units, revenue_paise)
    select e.media_id, e.day, e.product_id, sum(views), (select count(*) from analytics_media_viewers v where v.media_id = e.media_id and v.day = e.day),
      sum(likes), sum(comments), sum(shares), sum(add_to_carts), sum(orders), sum(units), sum(revenue_paise)
    from events e group by e.media_id, e.product_id, e.day`,
  sql`with events as (
      select product_id, (viewed_at at time zone 'UTC')::date as day, 1 as views, 0 as likes, 0 as comments, 0 as shares, 0 as saves, 0 as add_to_carts, 0 as orders, 0 as units, 0::bigint as revenue_paise from video_views
      union all select product_id, (created_at at time zone 'UTC')::date, 0, 1, 0, 0, 0, 0, 0, 0, 0 from video_likes
      union all select product_id, (created_at at time zone 'UTC')::date, 0, 0, 1, 0, 0, 0, 0, 0, 0 from video_comments
      union all select product_id, (created_at at time zone 'UTC')::date, 0, 0, 0, 1, 0, 0, 0, 0, 0 from video_shares
      union all select product_id, (created_at at time zone 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0, 0 from saved_items
      union all select product_id, (created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 1, 0, 0, 0 from cart_items
      union all select l.product_id, (o.created_at at time zone 'UTC')::date, 0, 0, 0, 0, 0, 0, count(distinct o.id)::int, sum(l.quantity)::int, sum(l.line_total_paise)::bigint
        from order_lines l join orders o on o.id = l.order_id where l.product_id is not null
        group by l.product_id, (o.created_at at time zone 'UTC')::date
    )
    insert into analytics_product_daily (product_id, day, views, unique_viewers, likes, comments, shares, saves, add_to_carts, orders, units, revenue_paise)
    select e.product_id, e.day, sum(views), (select count(*) from analytics_product_viewers v where v.product_id = e.product_id and v.day = e.day),
      sum(likes), sum(comments), sum(shares), sum(saves), sum(add_to_carts), sum(orders), sum(units), sum(revenue_paise)
    from events e group by e.product_id, e.day`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
