import { useFormContext } from "react-hook-form";
import { Field } from "../../../../shared/ui/field.tsx";
import type { ProductFormValues } from "../product-form.ts";
import { sectionClass } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";

/** Whether the product runs a promotion, and then whether shoppers see it, its label and its end. */
export function PromotionSection() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const promotionEnabled = watch("promotionEnabled");
  return (
    <section className={sectionClass} aria-labelledby="promotion-heading">
      <h2 id="promotion-heading" className="font-semibold text-white">
        Promotion
      </h2>
      <label className="flex items-center gap-2 text-sm text-neutral-200">
        <input type="checkbox" className="size-4 accent-rose-500" {...register("promotionEnabled")} /> Run a promotion
      </label>
      {promotionEnabled ? (
        <>
          <label className="flex items-center gap-2 text-sm text-neutral-200">
            <input type="checkbox" className="size-4 accent-rose-500" {...register("promotion.hasPromotion")} /> Show it to shoppers
          </label>
          <Field label="Label" placeholder="Diwali sale" {...register("promotion.label")} error={errorText(errors, "promotion.label")} />
          <Field label="Ends" type="datetime-local" {...register("promotion.promoEndDate")} error={errorText(errors, "promotion.promoEndDate")} />
        </>
      ) : null}
    </section>
  );
}
