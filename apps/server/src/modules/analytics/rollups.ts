import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

// The daily rollups (migration 0080, decision 150) move in the same transaction as the event row that
// causes them, by UPSERT, so the admin screens never count raw events. Days are UTC dates. Views, the
// hottest write, are the exception (decision 151): rollUpViews counts them in batches, off the
// shopper's request, every few seconds and before any analytics answer.
//
// Every statement that counts takes the media's daily rows before the product's (decision 182), so
// two of them never hold one row each while waiting for the other's (the deadlock that failed a
// share during the roll-up, session 12). PostgreSQL runs data-modifying CTEs no query reads in an
// order of its own (it ran the roll-up's product rows first and an event's media row first), so the
// product's CTE reads the media's first: a scalar subquery over it, evaluated once, before the
// product's first row.

const today = sql`(now() at time zone 'UTC')::date`;

/** Figures an engagement or a cart add moves by one. `saves` exists per product only (a save names no video). */
type CountedFigure = "likes" | "comments" | "shares" | "saves" | "add_to_carts";

/** A condition that is always true and makes its CTE run `mediaRows` (a CTE returning rows) to its end first. */
const AFTER_MEDIA_ROWS = (mediaRows: RawBuilder<unknown>) => sql`(select count(*) from ${mediaRows}) >= 0`;

/** Views counted per statement: a batch stays a short transaction however large the backlog. */
const VIEW_BATCH = 5_000;

/**
 * Counts the views not counted yet into the daily rows, in batches, and says how many it counted.
 * One statement a batch: it marks the rows counted (skipping rows another instance is counting),
 * records which sessions are new viewers of each media and product that day, and adds views and new
 * viewers to both daily tables. Safe on several instances at once: a row is counted exactly once.
 */
export async function rollUpViews(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ counted: number }>`
      with batch as (
        update video_views v set counted = true
        where v.id in (select id from video_views where not counted order by viewed_at, id limit ${VIEW_BATCH} for update skip locked)
        returning v.media_id, v.product_id, v.session_id, (v.viewed_at at time zone 'UTC')::date as day
      ),
      new_media_viewers as (
        insert into analytics_media_viewers (media_id, day, session_id)
        select distinct media_id, day, session_id from batch
        on conflict do nothing
        returning media_id, day
      ),
      new_product_viewers as (
        insert into analytics_product_viewers (product_id, day, session_id)
        select distinct product_id, day, session_id from batch
        on conflict do nothing
        returning product_id, day
      ),
      media_rows as (
        insert into analytics_media_daily (media_id, day, product_id, views, unique_viewers)
        select b.media_id, b.day, b.product_id, count(*),
               (select count(*) from new_media_viewers n where n.media_id = b.media_id and n.day = b.day)
        from batch b group by b.media_id, b.day, b.product_id order by b.media_id, b.day
        on conflict (media_id, day) do update set views = analytics_media_daily.views + excluded.views,
          unique_viewers = analytics_media_daily.unique_viewers + excluded.unique_viewers
        returning 1
      ),
      product_rows as (
        insert into analytics_product_daily (product_id, day, views, unique_viewers)
        select b.product_id, b.day, count(*),
               (select count(*) from new_product_viewers n where n.product_id = b.product_id and n.day = b.day)
        from batch b where ${AFTER_MEDIA_ROWS(sql`media_rows`)} group by b.product_id, b.day order by b.product_id, b.day
        on conflict (product_id, day) do update set views = analytics_product_daily.views + excluded.views,
          unique_viewers = analytics_product_daily.unique_viewers + excluded.unique_viewers
      )
      select count(*)::int as counted from batch`.execute(db);
    const counted = rows[0]?.counted ?? 0;
    total += counted;
    if (counted < VIEW_BATCH) return total;
  }
}

/**
 * Counts one like, comment, share, save or cart add today: on the product's row, and on the media's
 * row when there is a media (a save has none; a cart add has one when it started from a video).
 */
export async function countToday(trx: Kysely<DB>, figure: CountedFigure, target: { productId: string; mediaId: string | null }): Promise<void> {
  await sql`with ${countTodayFrom(figure, sql`(select ${target.productId}::uuid as product_id, ${target.mediaId}::uuid as media_id)`)} select 1`.execute(trx);
}

/**
 * countToday as common table expressions (counted_product_today, counted_media_today) for the
 * caller's own statement, so a write and its counting are one round trip: it counts every row of
 * `source` (columns product_id and media_id; a null media_id counts the product only), which
 * must hold at most one row per product (an upsert cannot touch a row twice in one statement).
 */
export function countTodayFrom(figure: CountedFigure, source: RawBuilder<unknown>): RawBuilder<unknown> {
  return countingCtes(figure, source, false);
}

/**
 * countTodayFrom for a source of any number of rows per product (a batch of likes, decision 200):
 * grouped per media and per product, so each daily row moves once, by its number of rows, in id
 * order. About 30 µs more a statement on PGlite than countTodayFrom, which is why both exist.
 */
export function countTodayGroupedFrom(figure: CountedFigure, source: RawBuilder<unknown>): RawBuilder<unknown> {
  return countingCtes(figure, source, true);
}

function countingCtes(figure: CountedFigure, source: RawBuilder<unknown>, grouped: boolean): RawBuilder<unknown> {
  const column = sql.ref(figure);
  const amount = grouped ? sql`count(*)` : sql`1`;
  const groupedBy = (key: RawBuilder<unknown>) => (grouped ? sql`group by ${key} order by ${key}` : sql``);
  const product = (after: RawBuilder<unknown>) => sql`counted_product_today as (
    insert into analytics_product_daily (product_id, day, ${column})
    select product_id, ${today}, ${amount} from ${source} s where ${after} ${groupedBy(sql`product_id`)}
    on conflict (product_id, day) do update set ${column} = analytics_product_daily.${column} + excluded.${column})`;
  if (figure === "saves") return product(sql`true`);
  return sql`counted_media_today as (
    insert into analytics_media_daily (media_id, day, product_id, ${column})
    select media_id, ${today}, product_id, ${amount} from ${source} s where media_id is not null ${groupedBy(sql`media_id, product_id`)}
    on conflict (media_id, day) do update set ${column} = analytics_media_daily.${column} + excluded.${column}
    returning 1), ${product(AFTER_MEDIA_ROWS(sql`counted_media_today`))}`;
}

/**
 * Counts a placed order's lines today: per product and per attributed media, one order, its units
 * and its revenue (line totals, before delivery fees). Runs in the placement's transaction.
 */
export async function countOrder(trx: Kysely<DB>, orderId: string): Promise<void> {
  await sql`insert into analytics_product_daily (product_id, day, orders, units, revenue_paise)
    select l.product_id, ${today}, 1, sum(l.quantity), sum(l.line_total_paise) from order_lines l
    where l.order_id = ${orderId} and l.product_id is not null group by l.product_id
    on conflict (product_id, day) do update set orders = analytics_product_daily.orders + 1,
      units = analytics_product_daily.units + excluded.units, revenue_paise = analytics_product_daily.revenue_paise + excluded.revenue_paise`.execute(trx);
  await sql`insert into analytics_media_daily (media_id, day, product_id, orders, units, revenue_paise)
    select l.media_id, ${today}, m.product_id, 1, sum(l.quantity), sum(l.line_total_paise) from order_lines l
    join product_media m on m.id = l.media_id
    where l.order_id = ${orderId} group by l.media_id, m.product_id
    on conflict (media_id, day) do update set orders = analytics_media_daily.orders + 1,
      units = analytics_media_daily.units + excluded.units, revenue_paise = analytics_media_daily.revenue_paise + excluded.revenue_paise`.execute(trx);
}
