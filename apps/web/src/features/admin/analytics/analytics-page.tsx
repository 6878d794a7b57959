import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_SORTS,
  type AnalyticsFigures,
  type AnalyticsRangeQuery,
  type AnalyticsSort,
  type TopProducts,
  type TopVideos,
  daysBetween,
} from "@reelmart/core/api/analytics";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { type ReactNode, useState } from "react";
import { useMarketplaceList } from "../../../shared/marketplace/api/get-marketplaces.ts";
import { Field } from "../../../shared/ui/field.tsx";
import { LoadError } from "../../../shared/ui/load-error.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useAnalyticsFunnel } from "../api/get-analytics-funnel.ts";
import { useAnalyticsSeries } from "../api/get-analytics-series.ts";
import { useAnalyticsSummary } from "../api/get-analytics-summary.ts";
import { useTopProducts } from "../api/list-top-products.ts";
import { useTopVideos } from "../api/list-top-videos.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { SelectField } from "../components/select-field.tsx";
import { type FigureColumn, FigureTable } from "./figure-table.tsx";
import { SeriesChart } from "./series-chart.tsx";

// Issue 17 (decision 150): figures read from the daily rollups, by UTC day.

const PRESETS = ["7", "30", "90", "custom"] as const;
type Preset = (typeof PRESETS)[number];
const PRESET_LABELS: Record<Preset, string> = { "7": "Last 7 days", "30": "Last 30 days", "90": "Last 90 days", custom: "Custom range" };
const SORT_LABELS: Record<AnalyticsSort, string> = { views: "Views", addToCartRate: "Add-to-cart rate", revenue: "Revenue" };

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const money = (paise: number) => formatPrice(fromPaise(paise));
const percent = (rate: number | null) => (rate === null ? "–" : `${(rate * 100).toFixed(1)}%`);
const count = (value: number) => value.toLocaleString("en-IN");

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

/** The chosen range, or why a custom one cannot be asked for. */
function rangeOf(preset: Preset, from: string, to: string, marketplaceId: string): { range: AnalyticsRangeQuery | null; error?: string } {
  const marketplace = marketplaceId ? { marketplaceId } : {};
  if (preset !== "custom") return { range: { from: utcDay(1 - Number(preset)), to: utcDay(0), ...marketplace } };
  if (!from || !to) return { range: null, error: "Choose both days" };
  const days = daysBetween(from, to);
  if (days < 1) return { range: null, error: "The last day must be on or after the first" };
  if (days > ANALYTICS_MAX_DAYS) return { range: null, error: `A range may span at most ${ANALYTICS_MAX_DAYS} days` };
  return { range: { from, to, ...marketplace } };
}

export function AnalyticsPage() {
  const [preset, setPreset] = useState<Preset>("30");
  const [from, setFrom] = useState(utcDay(-29));
  const [to, setTo] = useState(utcDay(0));
  const [marketplaceId, setMarketplaceId] = useState("");
  const marketplaces = useMarketplaceList();
  const { range, error } = rangeOf(preset, from, to, marketplaceId);

  return (
    <>
      <AdminPageHeader title="Analytics" description="Which videos sell: views, engagement, carts and orders per video and product, by UTC day." />
      <div className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        <SelectField label="Range" value={preset} onChange={(event) => setPreset(event.target.value as Preset)} options={PRESETS.map((value) => ({ value, label: PRESET_LABELS[value] }))} />
        <SelectField
          label="Marketplace"
          value={marketplaceId}
          onChange={(event) => setMarketplaceId(event.target.value)}
          options={[{ value: "", label: "All" }, ...(marketplaces.data ?? []).map((marketplace) => ({ value: marketplace.id, label: marketplace.name }))]}
        />
        {preset === "custom" ? (
          <>
            <Field label="From" type="date" className="py-2.5" value={from} max={to} onChange={(event) => setFrom(event.target.value)} error={error} />
            <Field label="To" type="date" className="py-2.5" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
          </>
        ) : null}
      </div>
      {range ? <Report range={range} /> : null}
    </>
  );
}

function Report({ range }: { range: AnalyticsRangeQuery }) {
  return (
    <div className="flex flex-col gap-8">
      <Totals range={range} />
      <Series range={range} />
      <Funnel range={range} />
      <TopVideosSection range={range} />
      <TopProductsSection range={range} />
    </div>
  );
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

function Totals({ range }: { range: AnalyticsRangeQuery }) {
  const summary = useAnalyticsSummary(range);
  if (summary.error) return <LoadError what="the totals" error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <Spinner label="Loading totals" className="py-10" />;
  const { totals, previous, previousFrom, previousTo } = summary.data;
  return (
    <Section title="Totals">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {TOTALS.map(({ key, label, format = count }) => (
          <li key={key} className="rounded-xl border border-white/10 bg-neutral-900 p-3">
            <p className="text-xs text-neutral-400">{label}</p>
            <p className="text-xl font-semibold text-white tabular-nums">{format(totals[key])}</p>
            <p className="text-xs text-neutral-400">
              {change(totals[key], previous[key])} <span className="sr-only">against {previousFrom} to {previousTo}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-neutral-400">
        Changes compare with {previousFrom} to {previousTo}.
      </p>
    </Section>
  );
}

type Day = AnalyticsFigures & { day: string };
const DAY_COLUMNS: FigureColumn<Day>[] = [
  { header: "Day", text: (day) => day.day },
  { header: "Views", text: (day) => String(day.views), numeric: true },
  { header: "Unique viewers", text: (day) => String(day.viewers), numeric: true },
  { header: "Likes", text: (day) => String(day.likes), numeric: true },
  { header: "Add to carts", text: (day) => String(day.addToCarts), numeric: true },
  { header: "Orders", text: (day) => String(day.orders), numeric: true },
  { header: "Revenue", text: (day) => money(day.revenuePaise), numeric: true },
];

function Series({ range }: { range: AnalyticsRangeQuery }) {
  const series = useAnalyticsSeries(range);
  if (series.error) return <LoadError what="the daily figures" error={series.error} onRetry={() => void series.refetch()} />;
  if (!series.data) return <Spinner label="Loading daily figures" className="py-10" />;
  return (
    <Section title="Day by day">
      <SeriesChart days={series.data.days} />
      <details className="rounded-xl border border-white/10 p-3 text-sm text-neutral-300">
        <summary className="cursor-pointer">Daily figures as a table</summary>
        <div className="mt-3">
          <FigureTable label="Daily figures" fileName={`analytics-daily-${range.from}-${range.to}.csv`} rows={series.data.days} columns={DAY_COLUMNS} minWidthClass="min-w-[640px]" empty="No days." />
        </div>
      </details>
    </Section>
  );
}

const STEP_LABELS = { views: "Views", engagements: "Engagements (likes, comments, shares, saves)", addToCarts: "Add to carts", orders: "Orders" } as const;

function Funnel({ range }: { range: AnalyticsRangeQuery }) {
  const funnel = useAnalyticsFunnel(range);
  if (funnel.error) return <LoadError what="the funnel" error={funnel.error} onRetry={() => void funnel.refetch()} />;
  if (!funnel.data) return <Spinner label="Loading the funnel" className="py-10" />;
  const top = Math.max(...funnel.data.steps.map((step) => step.count), 1);
  return (
    <Section title="Funnel">
      <ol className="flex flex-col gap-3">
        {funnel.data.steps.map((step) => (
          <li key={step.step} className="flex flex-col gap-1">
            <div className="flex justify-between gap-3 text-sm">
              <span className="text-neutral-200">{STEP_LABELS[step.step]}</span>
              <span className="text-neutral-300 tabular-nums">
                {count(step.count)}
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
    text: (row) => row.title ?? "Untitled video",
    cell: (row) => (
      <div className="flex items-center gap-3">
        {row.posterUrl ? <img src={row.posterUrl} alt="" className="h-14 w-8 shrink-0 rounded object-cover" loading="lazy" /> : <div className="h-14 w-8 shrink-0 rounded bg-neutral-800" />}
        <p className="min-w-0 truncate text-white">{row.title ?? "Untitled video"}</p>
      </div>
    ),
  },
  // A column of its own, so the CSV has the same columns as the table.
  { header: "Product", text: (row) => row.productTitle },
  { header: "Views", text: (row) => String(row.views), numeric: true },
  { header: "Unique viewers", text: (row) => String(row.viewers), numeric: true },
  { header: "Likes", text: (row) => String(row.likes), numeric: true },
  { header: "Add to carts", text: (row) => String(row.addToCarts), numeric: true },
  { header: "Add-to-cart rate", text: (row) => percent(row.addToCartRate), numeric: true },
  { header: "Orders", text: (row) => String(row.orders), numeric: true },
  { header: "Revenue", text: (row) => money(row.revenuePaise), numeric: true },
];

function TopVideosSection({ range }: { range: AnalyticsRangeQuery }) {
  const [sort, setSort] = useState<AnalyticsSort>("views");
  const videos = useTopVideos(range, sort);
  return (
    <Section title="Top videos" action={<SortSelect label="Rank videos by" value={sort} onChange={setSort} />}>
      {videos.error ? <LoadError what="the top videos" error={videos.error} onRetry={() => void videos.refetch()} /> : null}
      {videos.data ? (
        <FigureTable label="Top videos" fileName={`top-videos-${range.from}-${range.to}.csv`} rows={videos.data.items} columns={VIDEO_COLUMNS} minWidthClass="min-w-[820px]" empty="No video was watched in this range." />
      ) : !videos.error ? (
        <Spinner label="Loading top videos" className="py-10" />
      ) : null}
    </Section>
  );
}

type ProductRow = TopProducts["items"][number];
const PRODUCT_COLUMNS: FigureColumn<ProductRow>[] = [
  { header: "Product", text: (row) => row.title, cell: (row) => <span className="text-white">{row.title}</span> },
  { header: "Views", text: (row) => String(row.views), numeric: true },
  { header: "Unique viewers", text: (row) => String(row.viewers), numeric: true },
  { header: "Saves", text: (row) => String(row.saves), numeric: true },
  { header: "Add to carts", text: (row) => String(row.addToCarts), numeric: true },
  { header: "Add-to-cart rate", text: (row) => percent(row.addToCartRate), numeric: true },
  { header: "Orders", text: (row) => String(row.orders), numeric: true },
  { header: "Units", text: (row) => String(row.units), numeric: true },
  { header: "Revenue", text: (row) => money(row.revenuePaise), numeric: true },
];

function TopProductsSection({ range }: { range: AnalyticsRangeQuery }) {
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
