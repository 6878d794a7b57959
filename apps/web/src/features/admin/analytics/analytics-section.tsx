import { Route, Routes } from "react-router";
import { AdminNotFound } from "../admin-not-found.tsx";
import { AnalyticsPage } from "./analytics-page.tsx";
import { ProductAnalyticsPage, VideoAnalyticsPage } from "./subject-page.tsx";

/** /admin/analytics, /admin/analytics/products/{productId} and /admin/analytics/videos/{mediaId}. */
export function AnalyticsSection() {
  return (
    <Routes>
      <Route index element={<AnalyticsPage />} />
      <Route path="products/:productId" element={<ProductAnalyticsPage />} />
      <Route path="videos/:mediaId" element={<VideoAnalyticsPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
