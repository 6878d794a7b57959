import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useCreateDraftProduct } from "../api/create-draft-product.ts";
import { toastFailure } from "../components/toast-failure.ts";

/** /admin/products/new: creates the spec's draft once, then opens its editor. */
export function NewProductRedirect() {
  const createDraft = useCreateDraftProduct();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createDraft.mutate(undefined, {
      onSuccess: ({ id }) => navigate(`/admin/products/edit/${id}`, { replace: true }),
      onError: (error) => toastFailure("Failed to create draft product", error),
    });
  }, [createDraft, navigate]);
  if (createDraft.isError) {
    return (
      <p role="alert" className="text-sm text-red-300">
        Failed to create draft product: {createDraft.error.message}.{" "}
        <Link to="/admin/products" className="underline">
          Back to products
        </Link>
      </p>
    );
  }
  return <Spinner label="Creating a draft product" className="py-12" />;
}
