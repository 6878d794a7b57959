import {
  type AnalyticsFigures,
  type AnalyticsFunnel,
  type AnalyticsRangeQuery,
  type AnalyticsScopedQuery,
  type AnalyticsSeries,
  type AnalyticsSort,
  type AnalyticsSubject,
  type AnalyticsSummary,
  type AnalyticsTopVideosQuery,
  type TopProducts,
  type TopVideos,
  daysBetween,
} from "@reelmart/core/api/analytics";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../shared/errors.ts";

// Reads only the daily rollups (rollups.ts): a range is at most 366 rows per product or media.
// A marketplace filter keeps the products listed (and active) in that marketplace (decision 150).
// A product's or a video's own page narrows the same figures to its rows (decision 082).

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const listedIn = (marketplaceId: string | undefined, productRef: string): RawBuilder<boolean> =>
  marketplaceId
    ? sql<boolean>`exists (select 1 from marketplace_listings ml where ml.product_id = ${sql.ref(productRef)} and ml.marketplace_id = ${marketplaceId} and ml.is_active)`
    : sql<boolean>`true`;

const productSums = sql`coalesce(sum(d.views), 0)::int as views, coalesce(sum(d.unique_viewers), 0)::int as viewers,
  coalesce(sum(d.likes), 0)::int as likes, coalesce(sum(d.comments), 0)::int as comments, coalesce(sum(d.shares), 0)::int as shares,
  coalesce(sum(d.saves), 0)::int as saves, coalesce(sum(d.add_to_carts), 0)::int as add_to_carts, coalesce(sum(d.orders), 0)::int as orders,
  coalesce(sum(d.units), 0)::int as units, coalesce(sum(d.revenue_paise), 0)::bigint as revenue_paise`;

const mediaSums = sql`coalesce(sum(d.views), 0)::int as views, coalesce(sum(d.unique_viewers), 0)::int as viewers,
  coalesce(sum(d.likes), 0)::int as likes, coalesce(sum(d.comments), 0)::int as comments, coalesce(sum(d.shares), 0)::int as shares,
  coalesce(sum(d.add_to_carts), 0)::int as add_to_carts, coalesce(sum(d.orders), 0)::int as orders,
  coalesce(sum(d.units), 0)::int as units, coalesce(sum(d.revenue_paise), 0)::bigint as revenue_paise`;

interface FigureRow {
  views: number;
  viewers: number;
  likes: number;
  comments: number;
  shares: number;
  saves?: number;
  add_to_carts: number;
  orders: number;
  units: number;
  revenue_paise: string | number;
}

const toFigures = (row: FigureRow | undefined): AnalyticsFigures => ({
  views: row?.views ?? 0,
  viewers: row?.viewers ?? 0,
  likes: row?.likes ?? 0,
  comments: row?.comments ?? 0,
  shares: row?.shares ?? 0,
  saves: row?.saves ?? 0,
  addToCarts: row?.add_to_carts ?? 0,
  orders: row?.orders ?? 0,
  units: row?.units ?? 0,
  revenuePaise: Number(row?.revenue_paise ?? 0),
});

/** The product or video a scoped query names, or null for the whole store; an unknown id is a 404 naming its field. */
export async function findSubject(db: Kysely<DB>, query: { productId?: string; mediaId?: string }): Promise<AnalyticsSubject | null> {
  if (query.mediaId) {
    const media = await db
      .selectFrom("product_media as m")
      .innerJoin("products as p", "p.id", "m.product_id")
      .select(["m.id", "m.title", "m.thumbnail_url", "p.id as product_id", "p.title as product_title"])
      .where("m.id", "=", query.mediaId)
      .executeTakeFirst();
    if (!media) throw notFound(`Media with ID ${query.mediaId} not found`, "mediaId");
    return { productId: media.product_id, productTitle: media.product_title, mediaId: media.id, mediaTitle: media.title, posterUrl: media.thumbnail_url };
  }
  if (query.productId) {
    const product = await db.selectFrom("products").select(["id", "title", "thumbnail_url"]).where("id", "=", query.productId).executeTakeFirst();
    if (!product) throw notFound(`Product with ID ${query.productId} not found`, "productId");
    return { productId: product.id, productTitle: product.title, mediaId: null, mediaTitle: null, posterUrl: product.thumbnail_url };
  }
  return null;
}

/** Which rollup rows a scoped query reads: one video's (no saves: a save names no video), one product's, or every product's. */
function scopeOf(query: AnalyticsScopedQuery) {
  const marketplace = listedIn(query.marketplaceId, "d.product_id");
  if (query.mediaId) return { rows: sql`analytics_media_daily d`, sums: sql`${mediaSums}, 0 as saves`, where: sql`d.media_id = ${query.mediaId} and ${marketplace}` };
  if (query.productId) return { rows: sql`analytics_product_daily d`, sums: productSums, where: sql`d.product_id = ${query.productId} and ${marketplace}` };
  return { rows: sql`analytics_product_daily d`, sums: productSums, where: marketplace };
}

async function totals(db: Kysely<DB>, from: string, to: string, query: AnalyticsScopedQuery): Promise<AnalyticsFigures> {
  const scope = scopeOf(query);
  const { rows } = await sql<FigureRow>`select ${scope.sums} from ${scope.rows}
    where d.day between ${from}::date and ${to}::date and ${scope.where}`.execute(db);
  return toFigures(rows[0]);
}

/** The range's figures and those of the equally long period just before it. */
export async function getSummary(db: Kysely<DB>, query: AnalyticsScopedQuery): Promise<AnalyticsSummary> {
  const subject = await findSubject(db, query);
  const length = daysBetween(query.from, query.to);
  const previousTo = shiftDay(query.from, -1);
  const previousFrom = shiftDay(query.from, -length);
  return {
    from: query.from,
    to: query.to,
    previousFrom,
    previousTo,
    totals: await totals(db, query.from, query.to, query),
    previous: await totals(db, previousFrom, previousTo, query),
    subject,
  };
}

export async function getSeries(db: Kysely<DB>, query: AnalyticsScopedQuery): Promise<AnalyticsSeries> {
  await findSubject(db, query);
  const scope = scopeOf(query);
  const { rows } = await sql<FigureRow & { day: string }>`select d.day::text as day, ${scope.sums} from ${scope.rows}
    where d.day between ${query.from}::date and ${query.to}::date and ${scope.where}
    group by d.day`.execute(db);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: AnalyticsSeries["days"] = [];
  for (let day = query.from; day <= query.to; day = shiftDay(day, 1)) days.push({ day, ...toFigures(byDay.get(day)) });
  return { days };
}

const rate = (count: number, of: number) => (of > 0 ? count / of : null);

/** View, then engagement (likes, comments, shares, saves), add to cart, order; each rate is against the step before. */
export async function getFunnel(db: Kysely<DB>, query: AnalyticsScopedQuery): Promise<AnalyticsFunnel> {
  await findSubject(db, query);
  const figures = await totals(db, query.from, query.to, query);
  const counts = [
    ["views", figures.views],
    ["engagements", figures.likes + figures.comments + figures.shares + figures.saves],
    ["addToCarts", figures.addToCarts],
    ["orders", figures.orders],
  ] as const;
  return { steps: counts.map(([step, count], index) => ({ step, count, rate: index === 0 ? null : rate(count, counts[index - 1]![1]) })) };
}

/** Orders the summed rows (columns of the `summed` step), then the joined top rows again. */
const orderBy: Record<AnalyticsSort, RawBuilder<unknown>> = {
  views: sql`views desc`,
  addToCartRate: sql`(case when views > 0 then add_to_carts::float8 / views else -1 end) desc, views desc`,
  revenue: sql`revenue_paise desc, views desc`,
};

type TopQuery = AnalyticsRangeQuery & { sort: AnalyticsSort; limit: number };

const rowFigures = (row: FigureRow) => {
  const figures = toFigures(row);
  return { ...figures, addToCartRate: rate(figures.addToCarts, figures.views) };
};

export async function getTopVideos(db: Kysely<DB>, query: AnalyticsTopVideosQuery): Promise<TopVideos> {
  await findSubject(db, { productId: query.productId });
  const ofProduct = query.productId ? sql`d.product_id = ${query.productId}` : sql`true`;
  const { rows } = await sql<FigureRow & { media_id: string; product_id: string; product_title: string; title: string | null; poster_url: string | null }>`
    with summed as (
      select d.media_id, d.product_id, ${mediaSums} from analytics_media_daily d
      where d.day between ${query.from}::date and ${query.to}::date and ${ofProduct} and ${listedIn(query.marketplaceId, "d.product_id")}
      group by d.media_id, d.product_id
    ), top as (select * from summed order by ${orderBy[query.sort]}, media_id limit ${query.limit})
    select top.*, m.title, m.thumbnail_url as poster_url, p.title as product_title from top
    join product_media m on m.id = top.media_id
    join products p on p.id = top.product_id
    order by ${orderBy[query.sort]}, top.media_id`.execute(db);
  return {
    items: rows.map((row) => {
      const { saves: _saves, ...figures } = rowFigures(row);
      return { mediaId: row.media_id, productId: row.product_id, productTitle: row.product_title, title: row.title, posterUrl: row.poster_url, ...figures };
    }),
  };
}

export async function getTopProducts(db: Kysely<DB>, query: TopQuery): Promise<TopProducts> {
  const { rows } = await sql<FigureRow & { product_id: string; title: string; thumbnail_url: string | null }>`
    with summed as (
      select d.product_id, ${productSums} from analytics_product_daily d
      where d.day between ${query.from}::date and ${query.to}::date and ${listedIn(query.marketplaceId, "d.product_id")}
      group by d.product_id
    ), top as (select * from summed order by ${orderBy[query.sort]}, product_id limit ${query.limit})
    select top.*, p.title, p.thumbnail_url from top
    join products p on p.id = top.product_id
    order by ${orderBy[query.sort]}, top.product_id`.execute(db);
  return { items: rows.map((row) => ({ productId: row.product_id, title: row.title, thumbnailUrl: row.thumbnail_url, ...rowFigures(row) })) };
}
