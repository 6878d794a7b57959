import { Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "../../../../shared/ui/button.tsx";
import { LIST_SPEC_KEYS, type ProductFormValues } from "../product-form.ts";
import { ListSection } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";
import { SmallField, smallControl } from "./small-field.tsx";

/** The specification rows (001 §3's known keys offered as buttons until used) and the size and colour flags. */
export function SpecificationsSection() {
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const specRows = useFieldArray({ control, name: "specRows" });
  const rows = watch("specRows");
  return (
    <ListSection title="Specifications" addLabel="Add" onAdd={() => specRows.append({ key: "", value: "" })}>
      <p className="text-xs text-neutral-400">Known keys: sizes, colors, offers, highlights (comma-separated lists). Any other key is shown as typed.</p>
      <div className="flex flex-wrap gap-2">
        {LIST_SPEC_KEYS.filter((key) => !rows.some((row) => row.key === key)).map((key) => (
          <Button key={key} size="sm" variant="ghost" onClick={() => specRows.append({ key, value: "" })}>
            + {key}
          </Button>
        ))}
      </div>
      <ul className="flex flex-col gap-2">
        {specRows.fields.map((field, index) => (
          <li key={field.id} className="grid grid-cols-[1fr_2fr_auto] items-end gap-2">
            <SmallField label="Key">{(props) => <input {...props} {...register(`specRows.${index}.key`)} className={smallControl} />}</SmallField>
            <SmallField label="Value">{(props) => <input {...props} {...register(`specRows.${index}.value`)} className={smallControl} />}</SmallField>
            <Button size="icon" variant="ghost" aria-label={`Remove specification ${rows[index]?.key || index + 1}`} onClick={() => specRows.remove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-4 text-sm text-neutral-200">
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-rose-500" {...register("hasSizeOptions")} /> Has size options
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-rose-500" {...register("hasColorOptions")} /> Has colour options
        </label>
      </div>
      {errorText(errors, "specifications") ? <p className="text-sm text-red-400">{errorText(errors, "specifications")}</p> : null}
    </ListSection>
  );
}
