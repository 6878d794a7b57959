import type { AdminProduct, AdminProductSave } from "@reelmart/core/api/admin";
import { FormProvider, useForm } from "react-hook-form";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { NEW_PRODUCT_VALUES, type ProductFormValues, productResolver, toFormValues } from "../product-form.ts";
import { DeleteSection } from "./delete-section.tsx";
import { DetailsSection } from "./details-section.tsx";
import { EditorHeader } from "./editor-header.tsx";
import { HighlightsSection } from "./highlights-section.tsx";
import { MarketplacesSection } from "./marketplaces-section.tsx";
import { MediaSection } from "./media-section.tsx";
import { PromotionSection } from "./promotion-section.tsx";
import { SaveBar } from "./save-bar.tsx";
import { SpecificationsSection } from "./specifications-section.tsx";
import { StaleVersionAlert } from "./stale-version-alert.tsx";
import { StatusSection } from "./status-section.tsx";
import { useLeaveGuard } from "./use-leave-guard.ts";
import { useProductSave } from "./use-product-save.ts";
import { VariantsSection } from "./variants-section.tsx";

/**
 * A stored product's editor, or with `product` null a new product's, stored by its first save. The
 * sections read and register their fields through the form's context.
 */
export function ProductEditor({ product, onReload }: { product: AdminProduct | null; onReload?: () => void }) {
  const form = useForm<ProductFormValues, unknown, AdminProductSave>({ defaultValues: product ? toFormValues(product) : NEW_PRODUCT_VALUES, resolver: productResolver });
  const { formState, watch, reset, getValues } = form;
  const { isDirty } = formState;
  const { blocker, allowLeaving } = useLeaveGuard(isDirty);
  const { onSubmit, saving, stale } = useProductSave(product, form, allowLeaving);

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5 pb-24">
        <EditorHeader product={product} title={watch("title")} />

        {stale ? (
          <StaleVersionAlert
            onReload={() => {
              reset(getValues());
              onReload?.();
            }}
          />
        ) : null}

        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-5">
            <DetailsSection />
            <MediaSection product={product} />
            <VariantsSection />
            <SpecificationsSection />
            <HighlightsSection />
          </div>

          <div className="flex flex-col gap-5">
            <StatusSection />
            <MarketplacesSection />
            <PromotionSection />
            {product ? <DeleteSection productId={product.id} allowLeaving={allowLeaving} /> : null}
          </div>
        </div>

        <SaveBar isNew={product === null} isDirty={isDirty} saving={saving} onDiscard={() => reset()} />

        <ConfirmDialog
          open={blocker.state === "blocked"}
          onOpenChange={(open) => {
            if (!open && blocker.state === "blocked") blocker.reset();
          }}
          title="Leave without saving?"
          description="Your changes to this product have not been saved."
          confirmLabel="Leave"
          onConfirm={() => blocker.proceed?.()}
        />
      </form>
    </FormProvider>
  );
}
