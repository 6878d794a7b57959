import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { RangeFilter, useAnalyticsRange } from "./range-filter.tsx";
import { Funnel, Series, TopProductsSection, TopVideosSection, Totals } from "./report.tsx";

// Issue 17 (decision 150): figures read from the daily rollups, by UTC day.

/** The whole store's figures; each row of the top tables opens that video's or product's own page (subject-page.tsx). */
export function AnalyticsPage() {
  const filter = useAnalyticsRange();
  const { range } = filter;
  return (
    <>
      <AdminPageHeader title="Analytics" description="Which videos sell: views, engagement, carts and orders per video and product, by UTC day." />
      <RangeFilter filter={filter} />
      {range ? (
        <div className="flex flex-col gap-8">
          <Totals range={range} />
          <Series range={range} />
          <Funnel range={range} />
          <TopVideosSection range={range} />
          <TopProductsSection range={range} />
        </div>
      ) : null}
    </>
  );
}
