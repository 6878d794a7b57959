import { Link, useParams } from "react-router";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useAdminProduct } from "../api/get-product.ts";
import { useBrands } from "../api/list-brands.ts";
import { useCategories } from "../api/list-categories.ts";
import { useAdminMarketplaces } from "../api/list-marketplaces.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { ProductEditor } from "./editor/product-editor.tsx";

/** /admin/products/edit/{id} */
export function ProductEditorPage() {
  const { id = "" } = useParams();
  const product = useAdminProduct(id);
  // The choice lists load before the form: a <select> registered before its options exist shows the
  // first option (a product's brand appeared as "No brand") even though the form holds the brand.
  const brands = useBrands();
  const categories = useCategories();
  const marketplaces = useAdminMarketplaces();
  if (product.isPending || brands.isPending || categories.isPending || marketplaces.isPending) return <Spinner label="Loading the product" className="py-12" />;
  if (product.error) {
    return (
      <>
        <AdminPageHeader title="Product not found" description={shopperMessage(product.error)} />
        <Link to="/admin/products" className="text-sm text-rose-300 underline">
          Back to products
        </Link>
      </>
    );
  }
  return <ProductEditor key={`${product.data.id}:${product.data.version}`} product={product.data} onReload={() => void product.refetch()} />;
}

/**
 * /admin/products/new: the editor as an unsaved form. Nothing is stored until the owner saves; the
 * first save makes the product and opens its own editor (decision 215).
 */
export function NewProductPage() {
  // As for a stored product: the choice lists load before the form registers its selects.
  const brands = useBrands();
  const categories = useCategories();
  const marketplaces = useAdminMarketplaces();
  if (brands.isPending || categories.isPending || marketplaces.isPending) return <Spinner label="Loading the product form" className="py-12" />;
  return <ProductEditor product={null} />;
}
