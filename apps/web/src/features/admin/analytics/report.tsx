import {
  ANALYTICS_SORTS,
  type AnalyticsFigures,
  type AnalyticsRangeQuery,
  type AnalyticsScopedQuery,
  type AnalyticsSort,
  type TopProducts,
  type TopVideos,
} from "@reelmart/core/api/analytics";
import { formatDay, formatNumber, formatPrice, fromPaise } from "@reelmart/core/format";
import { type ReactNode, useState } from "react";
import { LoadError } from "../../../shared/ui/load-error.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useAnalyticsFunnel } from "../api/get-analytics-funnel.ts";
import { useAnalyticsSeries } from "../api/get-analytics-series.ts";
import { useAnalyticsSummary } from "../api/get-analytics-summary.ts";
import { useTopProducts } from "../api/list-top-products.ts";
import { useTopVideos } from "../api/list-top-videos.ts";
import { SelectField } from "../components/select-field.tsx";
import { type FigureColumn, FigureTable } from "./figure-table.tsx";
import { AnalyticsLink } from "./range-filter.tsx";
import { SeriesChart } from "./series-chart.tsx";

// The figures of the store's analytics page, also drawn for one product or one video (decision 082):
// each part reads the same endpoints, narrowed by the query's productId or mediaId.

const SORT_LABELS: Record<AnalyticsSort, string> = { views: "Views", addToCartRate: "Add-to-cart rate", revenue: "Revenue" };

const money = (paise: number) => formatPrice(fromPaise(paise));
const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)}%`);

/** The CSV name's subject part: "product-<id>-", "video-<id>-" or nothing for the whole store. */
const fileSubject = (query: AnalyticsScopedQuery) => (query.mediaId ? `video-${query.mediaId}-` : query.productId ? `product-${query.productId}-` : "");

const TOTALS: Array<{ key: keyof AnalyticsFigures; label: string; format?: (value: number) => string }> = [
  { key: "views", label: "Views" },
  { key: "viewers", label: "Unique viewers" },
  { key: "likes", label: "Likes" },
  { key: "comments", label: "Comments" },
  { key: "shares", label: "Shares" },
  { key: "saves", label: "Saves" },
  { key: "addToCarts", label: "Add to carts" },
  { key: "orders", label: "Orders" },
  { key: "units", label: "Units" },
  { key: "revenuePaise", label: "Revenue", format: money },
];

/** "+12.5%" against the previous period; "new" when that had none. */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "new";
  const delta = ((now - before) / before) * 100;
  return `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}%`;
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function Totals({ range }: { range: AnalyticsScopedQuery }) {
  const summary = useAnalyticsSummary(range);
  if (summary.error) return <LoadError what="the totals" error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <Spinner label="Loading totals" className="py-10" />;
  const { totals, previous, previousFrom, previousTo } = summary.data;
  return (
    <Section title="Totals">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {/* A save names a product, never a video: a video's page leaves that figure out. */}
        {TOTALS.filter(({ key }) => !(range.mediaId && key === "saves")).map(({ key, label, format = formatNumber }) => (
          <li key={key} className="rounded-xl border border-white/10 bg-neutral-900 p-3">
            <p className="text-xs text-neutral-400">{label}</p>
            <p className="text-xl font-semibold text-white tabular-nums">{format(totals[key])}</p>
            <p className="text-xs text-neutral-400">
              {change(totals[key], previous[key])} <span className="sr-only">against {formatDay(previousFrom)} to {formatDay(previousTo)}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-neutral-400">
        Changes compare with {formatDay(previousFrom)} to {formatDay(previousTo)}.
      </p>
    </Section>
  );
}

type Day = AnalyticsFigures & { day: string };
const DAY_COLUMNS: FigureColumn<Day>[] = [
  { header: "Day", text: (day) => formatDay(day.day) },
  { header: "Views", text: (day) => formatNumber(day.views), numeric: true },
  { header: "Unique viewers", text: (day) => formatNumber(day.viewers), numeric: true },
  { header: "Likes", text: (day) => formatNumber(day.likes), numeric: true },
  { header: "Add to carts", text: (day) => formatNumber(day.addToCarts), numeric: true },
  { header: "Orders", text: (day) => formatNumber(day.orders), numeric: true },
  { header: "Revenue", text: (day) => money(day.revenuePaise), numeric: true },
];

export function Series({ range }: { range: AnalyticsScopedQuery }) {
  const series = useAnalyticsSeries(range);
  if (series.error) return <LoadError what="the daily figures" error={series.error} onRetry={() => void series.refetch()} />;
  if (!series.data) return <Spinner label="Loading daily figures" className="py-10" />;
  return (
    <Section title="Day by day">
      <SeriesChart days={series.data.days} />
      <details className="rounded-xl border border-white/10 p-3 text-sm text-neutral-300">
        <summary className="cursor-pointer">Daily figures as a table</summary>
        <div className="mt-3">
          <FigureTable label="Daily figures" fileName={`analytics-daily-${fileSubject(range)}${range.from}-${range.to}.csv`} rows={series.data.days} columns={DAY_COLUMNS} minWidthClass="min-w-[640px]" empty="No days." />
        </div>
      </details>
    </Section>
  );
}

const STEP_LABELS = { views: "Views", engagements: "Engagements (likes, comments, shares, saves)", addToCarts: "Add to carts", orders: "Orders" } as const;
const VIDEO_STEP_LABELS = { ...STEP_LABELS, engagements: "Engagements (likes, comments, shares)" };

export function Funnel({ range }: { range: AnalyticsScopedQuery }) {
  const funnel = useAnalyticsFunnel(range);
  if (funnel.error) return <LoadError what="the funnel" error={funnel.error} onRetry={() => void funnel.refetch()} />;
  if (!funnel.data) return <Spinner label="Loading the funnel" className="py-10" />;
  const labels = range.mediaId ? VIDEO_STEP_LABELS : STEP_LABELS;
  const top = Math.max(...funnel.data.steps.map((step) => step.count), 1);
  return (
    <Section title="Funnel">
      <ol className="flex flex-col gap-3">
        {funnel.data.steps.map((step) => (
          <li key={step.step} className="flex flex-col gap-1">
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-neutral-200">{labels[step.step]}</span>
              <span className="text-neutral-300 tabular-nums">
                {formatNumber(step.count)}
                {step.rate === null ? null : <span className="ml-2 text-neutral-400">({percent(step.rate)} of the step before)</span>}
              </span>
            </div>
            <div aria-hidden="true" className="h-2 rounded-full bg-neutral-800">
              <div className="h-2 rounded-full bg-rose-500" style={{ width: `${(step.count / top) * 100}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function SortSelect({ value, onChange, label }: { value: AnalyticsSort; onChange: (sort: AnalyticsSort) => void; label: string }) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as AnalyticsSort)}
      options={ANALYTICS_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      className="w-48"
    />
  );
}

type VideoRow = TopVideos["items"][number];
const VIDEO_COLUMNS: FigureColumn<VideoRow>[] = [
  {
    header: "Video",
    // A video without a title of its own goes by its product's (decision 209).
    text: (row) => row.title ?? row.productTitle,
    cell: (row) => (
      <div className="flex items-center gap-3">
        {row.posterUrl ? <img src={row.posterUrl} alt="" className="h-14 w-8 shrink-0 rounded object-cover" loading="lazy" /> : <div className="h-14 w-8 shrink-0 rounded bg-neutral-800" />}
        <AnalyticsLink to={`/admin/analytics/videos/${row.mediaId}`} className="min-w-0 truncate text-white underline-offset-2 hover:underline">
          {row.title ?? row.productTitle}
        </AnalyticsLink>
      </div>
    ),
  },
  // A column of its own, so the CSV has the same columns as the table.
  { header: "Product", text: (row) => row.productTitle, cell: (row) => <AnalyticsLink to={`/admin/analytics/products/${row.productId}`}>{row.productTitle}</AnalyticsLink> },
  { header: "Views", text: (row) => formatNumber(row.views), numeric: true },
  { header: "Unique viewers", text: (row) => formatNumber(row.viewers), numeric: true },
  { header: "Likes", text: (row) => formatNumber(row.likes), numeric: true },
  { header: "Add to carts", text: (row) => formatNumber(row.addToCarts), numeric: true },
  { header: "Add-to-cart rate", text: (row) => percent(row.addToCartRate), numeric: true },
  { header: "Orders", text: (row) => formatNumber(row.orders), numeric: true },
  { header: "Revenue", text: (row) => money(row.revenuePaise), numeric: true },
];

/** The range's top videos; with productId, that product's videos. */
export function TopVideosSection({ range, productId }: { range: AnalyticsRangeQuery; productId?: string }) {
  const [sort, setSort] = useState<AnalyticsSort>("views");
  const videos = useTopVideos(productId ? { ...range, productId } : range, sort);
  return (
    <Section title="Top videos" action={<SortSelect label="Rank videos by" value={sort} onChange={setSort} />}>
      {videos.error ? <LoadError what="the top videos" error={videos.error} onRetry={() => void videos.refetch()} /> : null}
      {videos.data ? (
        <FigureTable label="Top videos" fileName={`top-videos-${productId ? `product-${productId}-` : ""}${range.from}-${range.to}.csv`} rows={videos.data.items} columns={VIDEO_COLUMNS} minWidthClass="min-w-[820px]" empty="No video was watched in this range." />
      ) : !videos.error ? (
        <Spinner label="Loading top videos" className="py-10" />
      ) : null}
    </Section>
  );
}

type ProductRow = TopProducts["items"][number];
const PRODUCT_COLUMNS: FigureColumn<ProductRow>[] = [
  { header: "Product", text: (row) => row.title, cell: (row) => <AnalyticsLink to={`/admin/analytics/products/${row.productId}`}>{row.title}</AnalyticsLink> },
  { header: "Views", text: (row) => formatNumber(row.views), numeric: true },
  { header: "Unique viewers", text: (row) => formatNumber(row.viewers), numeric: true },
  { header: "Saves", text: (row) => formatNumber(row.saves), numeric: true },
  { header: "Add to carts", text: (row) => formatNumber(row.addToCarts), numeric: true },
  { header: "Add-to-cart rate", text: (row) => percent(row.addToCartRate), numeric: true },
  { header: "Orders", text: (row) => formatNumber(row.orders), numeric: true },
  { header: "Units", text: (row) => formatNumber(row.units), numeric: true },
  { header: "Revenue", text: (row) => money(row.revenuePaise), numeric: true },
];

export function TopProductsSection({ range }: { range: AnalyticsRangeQuery }) {
  const [sort, setSort] = useState<AnalyticsSort>("views");
  const products = useTopProducts(range, sort);
  return (
    <Section title="Top products" action={<SortSelect label="Rank products by" value={sort} onChange={setSort} />}>
      {products.error ? <LoadError what="the top products" error={products.error} onRetry={() => void products.refetch()} /> : null}
      {products.data ? (
        <FigureTable label="Top products" fileName={`top-products-${range.from}-${range.to}.csv`} rows={products.data.items} columns={PRODUCT_COLUMNS} minWidthClass="min-w-[820px]" empty="No product had activity in this range." />
      ) : !products.error ? (
        <Spinner label="Loading top products" className="py-10" />
      ) : null}
    </Section>
  );
}
