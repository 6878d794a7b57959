import type { AdminProduct, AdminProductSave } from "@reelmart/core/api/admin";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiRequestError } from "../../../../shared/api/client.ts";
import { shopperMessage } from "../../../../shared/api/shopper-message.ts";
import { toast } from "../../../../shared/ui/toast.ts";
import { useCreateProduct } from "../../api/create-product.ts";
import { useSaveProduct } from "../../api/save-product.ts";
import { toastFailure } from "../../components/toast-failure.ts";
import { type ProductFormValues, toFormValues } from "../product-form.ts";

/**
 * Saving the editor's form. With `product` null the first save makes the product and opens its own
 * editor (decision 215); a stored product is saved over the version it was opened at, and is `stale`
 * when another admin saved it first (409). A refusal that names a field is shown under that field.
 */
export function useProductSave(product: AdminProduct | null, form: UseFormReturn<ProductFormValues, unknown, AdminProductSave>, allowLeaving: () => void) {
  const { handleSubmit, setError, reset } = form;
  const save = useSaveProduct();
  const create = useCreateProduct();
  const navigate = useNavigate();
  const [stale, setStale] = useState(false);

  const fieldRefused = (error: unknown) => {
    if (error instanceof ApiRequestError && error.field) setError(error.field as never, { message: shopperMessage(error) });
    toastFailure("Failed to save product", error);
  };
  const onSubmit = handleSubmit(
    (body) =>
      product === null
        ? create.mutate(body, {
            onSuccess: ({ id }) => {
              allowLeaving();
              toast.success("Product saved");
              void navigate(`/admin/products/edit/${id}`, { replace: true });
            },
            onError: fieldRefused,
          })
        : save.mutate(
            { id: product.id, body },
            {
              onSuccess: (saved) => {
                reset(toFormValues(saved));
                setStale(false);
                toast.success("Product saved");
              },
              onError: (error) => {
                if (error instanceof ApiRequestError && error.status === 409) {
                  setStale(true);
                  return;
                }
                fieldRefused(error);
              },
            },
          ),
    () => toast.error("Some fields need attention", { description: "Check the fields marked in red." }),
  );
  return { onSubmit, saving: save.isPending || create.isPending, stale };
}
