import { formatPrice } from "@reelmart/core/format";
import { useFormContext } from "react-hook-form";
import { Field, TextareaField } from "../../../../shared/ui/field.tsx";
import { type ProductFormValues, isValidPrice } from "../product-form.ts";
import { sectionClass } from "./editor-section.tsx";

/** The product's title and description, its price, discount and stock. */
export function DetailsSection() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const price = watch("price");
  return (
    <section className={sectionClass} aria-labelledby="details-heading">
      <h2 id="details-heading" className="font-semibold text-white">
        Details
      </h2>
      <Field label="Title" {...register("title")} error={errors.title?.message} />
      <TextareaField label="Description" rows={5} {...register("description")} error={errors.description?.message} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Field label="Price (₹)" inputMode="decimal" {...register("price")} error={errors.price?.message} hint={isValidPrice(price) ? formatPrice(price) : undefined} />
        <Field label="Discount %" inputMode="decimal" {...register("discountPercentage")} error={errors.discountPercentage?.message} />
        <Field label="Stock" inputMode="numeric" {...register("stock")} error={errors.stock?.message} />
      </div>
    </section>
  );
}
