import type { AnalyticsScopedQuery } from "@reelmart/core/api/analytics";
import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../../shared/ui/load-error.tsx";
import { useAnalyticsSummary } from "../api/get-analytics-summary.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { AnalyticsLink, RangeFilter, useAnalyticsRange } from "./range-filter.tsx";
import { Funnel, Series, TopVideosSection, Totals } from "./report.tsx";

// A product's and a video's own analytics (decision 082): the store page's figures narrowed by
// productId or mediaId, under the same range and marketplace (kept in the address).

type Subject = { kind: "product"; productId: string } | { kind: "video"; mediaId: string };

/** /admin/analytics/products/{productId}: the product's totals, days, funnel and its videos. */
export function ProductAnalyticsPage() {
  const { productId = "" } = useParams();
  return <SubjectPage subject={{ kind: "product", productId }} />;
}

/** /admin/analytics/videos/{mediaId}: the video's totals, days and funnel (carts and orders it started). */
export function VideoAnalyticsPage() {
  const { mediaId = "" } = useParams();
  return <SubjectPage subject={{ kind: "video", mediaId }} />;
}

function SubjectPage({ subject }: { subject: Subject }) {
  const filter = useAnalyticsRange();
  const scope = subject.kind === "product" ? { productId: subject.productId } : { mediaId: subject.mediaId };
  return (
    <div className="flex flex-col">
      <AnalyticsLink to="/admin/analytics" className="mb-3 flex w-fit items-center gap-1 text-sm text-neutral-300 hover:text-white">
        <ArrowLeft aria-hidden="true" className="size-4" /> Analytics
      </AnalyticsLink>
      {filter.range ? (
        <SubjectReport query={{ ...filter.range, ...scope }} kind={subject.kind} filter={<RangeFilter filter={filter} />} />
      ) : (
        <>
          <AdminPageHeader title={subject.kind === "product" ? "Product analytics" : "Video analytics"} />
          <RangeFilter filter={filter} />
        </>
      )}
    </div>
  );
}

function SubjectReport({ query, kind, filter }: { query: AnalyticsScopedQuery; kind: Subject["kind"]; filter: React.ReactNode }) {
  // The same query as the totals below: one request names the subject and fills the totals.
  const summary = useAnalyticsSummary(query);
  const subject = summary.data?.subject;
  const title = !subject
    ? kind === "product" ? "Product analytics" : "Video analytics"
    : kind === "product" ? `Product: ${subject.productTitle}` : `Video: ${subject.mediaTitle ?? `Video of ${subject.productTitle}`}`;
  return (
    <>
      <AdminPageHeader
        title={title}
        description={kind === "video" ? "Carts and orders count when the add to cart started from this video." : "Every view, engagement, cart and order of this product, from any video or none."}
        actions={
          subject ? (
            <>
              {kind === "video" ? (
                <AnalyticsLink to={`/admin/analytics/products/${subject.productId}`} className="text-sm text-rose-300 hover:underline">
                  {subject.productTitle}: all its analytics
                </AnalyticsLink>
              ) : null}
              <Link to={`/admin/products/edit/${subject.productId}`} className="text-sm text-rose-300 hover:underline">
                Edit product
              </Link>
            </>
          ) : null
        }
      />
      {subject?.posterUrl && kind === "video" ? <img src={subject.posterUrl} alt="" className="mb-4 h-32 w-18 rounded-lg object-cover" /> : null}
      {filter}
      {summary.error ? (
        <LoadError what={kind === "product" ? "this product's analytics" : "this video's analytics"} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <div className="flex flex-col gap-8">
          <Totals range={query} />
          <Series range={query} />
          <Funnel range={query} />
          {query.productId ? <TopVideosSection range={query} productId={query.productId} /> : null}
        </div>
      )}
    </>
  );
}
