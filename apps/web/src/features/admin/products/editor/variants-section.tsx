import { Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "../../../../shared/ui/button.tsx";
import type { ProductFormValues } from "../product-form.ts";
import { ListSection } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";
import { SmallField, smallControl } from "./small-field.tsx";

/** The sizes and colours a shopper chooses from, each with its stock, price difference and picture. */
export function VariantsSection() {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const variants = useFieldArray({ control, name: "variants" });
  const [variantValues, media] = watch(["variants", "media"]);
  const imageUrls = media.filter((item) => item.type === "image").map((item) => item.url);
  return (
    <ListSection title="Variants" addLabel="Add variant" onAdd={() => variants.append({ size: "", color: "", colorHex: "", stock: "0", priceAdjustment: "0", imageUrl: "" })}>
      {variants.fields.length === 0 ? <p className="text-sm text-neutral-400">No variants. Add sizes and colours the shopper chooses from.</p> : null}
      <ul className="flex flex-col gap-3">
        {variants.fields.map((field, index) => (
          <li key={field.id} className="grid grid-cols-2 gap-2 rounded-lg border border-white/10 p-3 md:grid-cols-7 md:items-end">
            <SmallField label="Size" error={errorText(errors, `variants.${index}.size`)}>
              {(props) => <input {...props} {...register(`variants.${index}.size`)} className={smallControl} />}
            </SmallField>
            <SmallField label="Colour" error={errorText(errors, `variants.${index}.color`)}>
              {(props) => <input {...props} {...register(`variants.${index}.color`)} className={smallControl} />}
            </SmallField>
            <SmallField label="Colour hex" error={errorText(errors, `variants.${index}.colorHex`)}>
              {(props) => (
                <div className="flex items-center gap-2">
                  <input {...props} {...register(`variants.${index}.colorHex`)} placeholder="#000000" className={smallControl} />
                  <span aria-hidden="true" className="size-6 shrink-0 rounded-full border border-white/20" style={{ background: /^#[0-9a-f]{6}$/i.test(variantValues[index]?.colorHex ?? "") ? variantValues[index]?.colorHex : "transparent" }} />
                </div>
              )}
            </SmallField>
            <SmallField label="Stock" error={errorText(errors, `variants.${index}.stock`)}>
              {(props) => <input {...props} inputMode="numeric" {...register(`variants.${index}.stock`)} className={smallControl} />}
            </SmallField>
            <SmallField label="Price +/- (₹)" error={errorText(errors, `variants.${index}.priceAdjustment`)}>
              {(props) => <input {...props} inputMode="decimal" {...register(`variants.${index}.priceAdjustment`)} className={smallControl} />}
            </SmallField>
            <SmallField label="Image" error={errorText(errors, `variants.${index}.imageUrl`)}>
              {(props) => (
                <select {...props} {...register(`variants.${index}.imageUrl`)} className={smallControl}>
                  <option value="">None</option>
                  {[...new Set([...imageUrls, variantValues[index]?.imageUrl ?? ""])].filter(Boolean).map((url, position) => (
                    <option key={url} value={url}>
                      Image {position + 1}
                    </option>
                  ))}
                </select>
              )}
            </SmallField>
            <Button size="sm" variant="ghost" aria-label={`Remove variant ${index + 1}`} onClick={() => variants.remove(index)} className="justify-self-start text-red-300">
              <Trash2 aria-hidden="true" className="size-4" /> Remove
            </Button>
          </li>
        ))}
      </ul>
      {errorText(errors, "variants") ? <p className="text-sm text-red-400">{errorText(errors, "variants")}</p> : null}
    </ListSection>
  );
}
