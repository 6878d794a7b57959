import { useFormContext } from "react-hook-form";
import { useBrands } from "../../api/list-brands.ts";
import { useCategories } from "../../api/list-categories.ts";
import { SelectField } from "../../components/select-field.tsx";
import type { ProductFormValues } from "../product-form.ts";
import { sectionClass } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";

/** The product's status, category and brand. */
export function StatusSection() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const brands = useBrands();
  const categories = useCategories();
  const category = watch("category");
  return (
    <section className={sectionClass} aria-labelledby="status-heading">
      <h2 id="status-heading" className="font-semibold text-white">
        Status and organisation
      </h2>
      <SelectField
        label="Status"
        hint="Only active products reach shoppers."
        {...register("status")}
        options={[
          { value: "draft", label: "Draft" },
          { value: "active", label: "Active" },
          { value: "archived", label: "Archived" },
        ]}
      />
      <SelectField
        label="Category"
        {...register("category")}
        error={errors.category?.message}
        options={[...new Set([category, ...(categories.data ?? []).map((item) => item.name)])].map((name) => ({ value: name, label: name }))}
      />
      <SelectField
        label="Brand"
        {...register("brandId")}
        error={errorText(errors, "brandId")}
        options={[{ value: "", label: "No brand" }, ...(brands.data ?? []).map((brand) => ({ value: brand.id, label: brand.name }))]}
      />
    </section>
  );
}
