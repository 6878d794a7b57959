import { Route, Routes } from "react-router";
import { AdminNotFound } from "../admin-not-found.tsx";
import { NewProductPage, ProductEditorPage } from "./product-editor-page.tsx";
import { ProductsTablePage } from "./products-table-page.tsx";

/** /admin/products, /admin/products/new and /admin/products/edit/{id} (000 §2). */
export function ProductsSection() {
  return (
    <Routes>
      <Route index element={<ProductsTablePage />} />
      <Route path="new" element={<NewProductPage />} />
      <Route path="edit/:id" element={<ProductEditorPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
