import { useFormContext } from "react-hook-form";
import { useAdminMarketplaces } from "../../api/list-marketplaces.ts";
import type { ProductFormValues } from "../product-form.ts";
import { sectionClass } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";

/** The marketplaces whose shoppers find the product, one checkbox each. */
export function MarketplacesSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const marketplaces = useAdminMarketplaces();
  return (
    <fieldset className={sectionClass}>
      <legend className="sr-only">Marketplaces</legend>
      <h2 className="font-semibold text-white" aria-hidden="true">
        Marketplaces
      </h2>
      <p className="text-xs text-neutral-400">Shoppers in the checked marketplaces find this product.</p>
      {(marketplaces.data ?? []).map((marketplace) => (
        <label key={marketplace.id} className="flex items-center gap-2 text-sm text-neutral-200">
          <input type="checkbox" value={marketplace.id} className="size-4 accent-rose-500" {...register("marketplaceIds")} />
          <img src={marketplace.flagUrl} alt="" className="size-5 rounded-sm object-cover" />
          {marketplace.name}
          {marketplace.isActive ? null : <span className="text-xs text-neutral-400">(inactive)</span>}
        </label>
      ))}
      {errorText(errors, "marketplaceIds") ? <p className="text-sm text-red-400">{errorText(errors, "marketplaceIds")}</p> : null}
    </fieldset>
  );
}
