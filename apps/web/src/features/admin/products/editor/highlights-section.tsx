import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "../../../../shared/ui/button.tsx";
import type { ProductFormValues } from "../product-form.ts";
import { ListSection } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";
import { SmallField, smallControl } from "./small-field.tsx";

/** The product's highlights, in the order the owner puts them. */
export function HighlightsSection() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const highlights = useFieldArray({ control, name: "highlights" });
  return (
    <ListSection title="Highlights" addLabel="Add highlight" onAdd={() => highlights.append({ text: "" })}>
      <ol className="flex flex-col gap-2">
        {highlights.fields.map((field, index) => (
          <li key={field.id} className="flex items-end gap-2">
            <SmallField label={`Highlight ${index + 1}`} error={errorText(errors, `highlights.${index}`)} className="flex-1">
              {(props) => <input {...props} {...register(`highlights.${index}.text`)} className={smallControl} />}
            </SmallField>
            <Button size="icon" variant="ghost" aria-label={`Move highlight ${index + 1} up`} disabled={index === 0} onClick={() => highlights.move(index, index - 1)}>
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button size="icon" variant="ghost" aria-label={`Move highlight ${index + 1} down`} disabled={index === highlights.fields.length - 1} onClick={() => highlights.move(index, index + 1)}>
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button size="icon" variant="ghost" aria-label={`Remove highlight ${index + 1}`} onClick={() => highlights.remove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
    </ListSection>
  );
}
