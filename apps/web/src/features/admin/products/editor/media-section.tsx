import type { AdminProduct } from "@reelmart/core/api/admin";
import { useFieldArray, useFormContext } from "react-hook-form";
import { ProductMediaUploader } from "../../../../shared/upload/product-media-uploader.tsx";
import type { ProductFormValues } from "../product-form.ts";
import { sectionClass } from "./editor-section.tsx";
import { errorText } from "./field-error.ts";
import { MediaRow } from "./media-row.tsx";
import { useMediaRefresh } from "./use-media-refresh.ts";

/** The uploader (once the product is stored) and the product's media, each with its title, flags and place. */
export function MediaSection({ product }: { product: AdminProduct | null }) {
  const {
    control,
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const media = useFieldArray({ control, name: "media", keyName: "fieldKey" });
  const { progress, refetchProduct } = useMediaRefresh(product, media.append);
  const [mediaValues, productTitle] = watch(["media", "title"]);
  return (
    <section className={sectionClass} aria-labelledby="media-heading">
      <h2 id="media-heading" className="font-semibold text-white">
        Media
      </h2>
      {product ? (
        <ProductMediaUploader productId={product.id} onFinished={refetchProduct} processing={progress} />
      ) : (
        <p className="text-sm text-neutral-400">Save the product to add photos and videos.</p>
      )}
      {product && media.fields.length === 0 ? <p className="text-sm text-neutral-400">No media yet. Uploaded images and videos appear here.</p> : null}
      <ul className="flex flex-col gap-3">
        {media.fields.map((item, index) => (
          <MediaRow
            key={item.fieldKey}
            index={index}
            count={media.fields.length}
            item={mediaValues[index] ?? item}
            productTitle={productTitle}
            titleError={errorText(errors, `media.${index}.title`)}
            progress={progress[item.id]}
            register={register}
            onMove={(to) => media.move(index, to)}
            onFlag={(flag) => mediaValues.forEach((_, other) => setValue(`media.${other}.${flag}`, other === index, { shouldDirty: true }))}
            onRemoved={() => media.remove(index)}
          />
        ))}
      </ul>
    </section>
  );
}
