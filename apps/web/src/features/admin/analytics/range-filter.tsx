import { ANALYTICS_MAX_DAYS, type AnalyticsRangeQuery, daysBetween } from "@reelmart/core/api/analytics";
import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useMarketplaceList } from "../../../shared/marketplace/api/get-marketplaces.ts";
import { Field } from "../../../shared/ui/field.tsx";
import { SelectField } from "../components/select-field.tsx";

// The date range and marketplace live in the address (?range=&from=&to=&marketplace=), so the
// store's page, a product's and a video's keep the same filter when one links to another.

const PRESETS = ["7", "30", "90", "custom"] as const;
type Preset = (typeof PRESETS)[number];
const PRESET_LABELS: Record<Preset, string> = { "7": "Last 7 days", "30": "Last 30 days", "90": "Last 90 days", custom: "Custom range" };

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const isPreset = (value: string | null): value is Preset => PRESETS.some((preset) => preset === value);

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

export function useAnalyticsRange() {
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get("range");
  const preset: Preset = isPreset(rangeParam) ? rangeParam : "30";
  const from = params.get("from") ?? utcDay(-29);
  const to = params.get("to") ?? utcDay(0);
  const marketplaceId = params.get("marketplace") ?? "";
  const set = (change: Partial<Record<"range" | "from" | "to" | "marketplace", string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { preset, from, to, marketplaceId, set, ...rangeOf(preset, from, to, marketplaceId) };
}
type AnalyticsRangeState = ReturnType<typeof useAnalyticsRange>;

export function RangeFilter({ filter }: { filter: AnalyticsRangeState }) {
  const marketplaces = useMarketplaceList();
  const { preset, from, to, marketplaceId, set, error } = filter;
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
      <SelectField
        label="Range"
        value={preset}
        onChange={(event) => set(event.target.value === "custom" ? { range: "custom", from, to } : { range: event.target.value, from: "", to: "" })}
        options={PRESETS.map((value) => ({ value, label: PRESET_LABELS[value] }))}
      />
      <SelectField
        label="Marketplace"
        value={marketplaceId}
        onChange={(event) => set({ marketplace: event.target.value })}
        options={[{ value: "", label: "All" }, ...(marketplaces.data ?? []).map((marketplace) => ({ value: marketplace.id, label: marketplace.name }))]}
      />
      {preset === "custom" ? (
        <>
          <Field label="From" type="date" className="py-2.5" value={from} max={to} onChange={(event) => set({ from: event.target.value })} error={error} />
          <Field label="To" type="date" className="py-2.5" value={to} min={from} onChange={(event) => set({ to: event.target.value })} />
        </>
      ) : null}
    </div>
  );
}

/** A link to another analytics page that keeps the range and marketplace chosen on this one. */
export function AnalyticsLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const { search } = useLocation();
  return (
    <Link to={`${to}${search}`} className={className ?? "text-white underline-offset-2 hover:underline"}>
      {children}
    </Link>
  );
}
