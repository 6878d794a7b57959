import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../../shared/ui/button.tsx";
import { toast } from "../../../../shared/ui/toast.ts";
import { useDeleteProduct } from "../../api/delete-product.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { toastFailure } from "../../components/toast-failure.ts";
import { sectionClass } from "./editor-section.tsx";

/**
 * Deleting a stored product, after a confirmation; then the products list opens. `allowLeaving`
 * lets the editor go without asking about unsaved changes.
 */
export function DeleteSection({ productId, allowLeaving }: { productId: string; allowLeaving: () => void }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const removeProduct = useDeleteProduct();
  const navigate = useNavigate();
  const deleteProduct = () =>
    removeProduct.mutate(productId, {
      onSuccess: () => {
        allowLeaving();
        toast.success("Product deleted");
        navigate("/admin/products", { replace: true });
      },
      onError: (error) => toastFailure("Failed to delete product", error),
    });
  return (
    <section className={sectionClass} aria-labelledby="danger-heading">
      <h2 id="danger-heading" className="font-semibold text-white">
        Delete
      </h2>
      <p className="text-xs text-neutral-400">Removes the product, its media files, variants and listings, and shoppers' cart lines and saved items for it.</p>
      <Button variant="outline" className="border-red-700 text-red-300" onClick={() => setConfirmDelete(true)}>
        <Trash2 aria-hidden="true" className="size-4" /> Delete product
      </Button>
      {/* A portal at the end of the document: nothing of it shows inside this section. */}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this product?"
        description="Its media files, variants, listings and shoppers' cart lines go too. This action cannot be undone."
        confirmLabel="Delete product"
        pending={removeProduct.isPending}
        onConfirm={deleteProduct}
      />
    </section>
  );
}
