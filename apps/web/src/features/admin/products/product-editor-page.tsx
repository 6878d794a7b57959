import type { AdminProduct, AdminProductSave } from "@reelmart/core/api/admin";
import { MEDIA_TITLE_MAX_LENGTH } from "@reelmart/core/api/discovery";
import type { MediaProgressEvent } from "@reelmart/core/api/media";
import { formatDateTime, formatPrice } from "@reelmart/core/format";
import { ArrowDown, ArrowLeft, ArrowUp, BarChart3, ExternalLink, Plus, Trash2 } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldErrors, type UseFormRegister, useFieldArray, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { useLeaveBlocker } from "../../../shared/navigation/app-router.tsx";
import { toast } from "../../../shared/ui/toast.ts";
import { ApiRequestError } from "../../../shared/api/client.ts";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Field, TextareaField } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { ProductMediaUploader } from "../../../shared/upload/product-media-uploader.tsx";
import { adminKeys } from "../api/admin-keys.ts";
import { useDeleteMedia } from "../api/delete-media.ts";
import { useDeleteProduct } from "../api/delete-product.ts";
import { useAdminProduct } from "../api/get-product.ts";
import { useBrands } from "../api/list-brands.ts";
import { useCategories } from "../api/list-categories.ts";
import { useAdminMarketplaces } from "../api/list-marketplaces.ts";
import { useSaveProduct } from "../api/save-product.ts";
import { useCreateProduct } from "../api/create-product.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { EmbedSnippetButton } from "../components/embed-snippet.tsx";
import { SelectField } from "../components/select-field.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { toastFailure } from "../components/toast-failure.ts";
import { useMediaProgress } from "../media/api/use-media-progress.ts";
import { NEW_PRODUCT_VALUES, type ProductFormValues, isValidPrice, productResolver, toFormValues } from "./product-form.ts";

const sectionClass = "flex flex-col gap-4 rounded-xl border border-white/10 bg-neutral-950 p-4 md:p-5";
const smallControl =
  "w-full rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-white placeholder:text-neutral-500 focus:border-rose-500 focus:outline-none aria-[invalid=true]:border-red-500";

/** An editor section holding a list the owner grows with its Add button (variants, specifications, highlights). */
function ListSection({ title, addLabel, onAdd, children }: { title: string; addLabel: string; onAdd: () => void; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="font-semibold text-white">
          {title}
        </h2>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" /> {addLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}

/** /admin/products/edit/{id} */
export function ProductEditorPage() {
  const { id = "" } = useParams();
  const product = useAdminProduct(id);
  // The choice lists load before the form: a <select> registered before its options exist shows the
  // first option (a product's brand appeared as "No brand") even though the form holds the brand.
  const brands = useBrands();
  const categories = useCategories();
  const marketplaces = useAdminMarketplaces();
  if (product.isPending || brands.isPending || categories.isPending || marketplaces.isPending) return <Spinner label="Loading the product" className="py-12" />;
  if (product.error) {
    return (
      <>
        <AdminPageHeader title="Product not found" description={shopperMessage(product.error)} />
        <Link to="/admin/products" className="text-sm text-rose-300 underline">
          Back to products
        </Link>
      </>
    );
  }
  return <ProductEditor key={`${product.data.id}:${product.data.version}`} product={product.data} onReload={() => void product.refetch()} />;
}

/**
 * /admin/products/new: the editor as an unsaved form. Nothing is stored until the owner saves; the
 * first save makes the product and opens its own editor (decision 215).
 */
export function NewProductPage() {
  // As for a stored product: the choice lists load before the form registers its selects.
  const brands = useBrands();
  const categories = useCategories();
  const marketplaces = useAdminMarketplaces();
  if (brands.isPending || categories.isPending || marketplaces.isPending) return <Spinner label="Loading the product form" className="py-12" />;
  return <ProductEditor product={null} />;
}

function errorText(errors: FieldErrors<ProductFormValues>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}

/** A stored product's editor, or with `product` null a new product's, stored by its first save. */
function ProductEditor({ product, onReload }: { product: AdminProduct | null; onReload?: () => void }) {
  const form = useForm<ProductFormValues, unknown, AdminProductSave>({ defaultValues: product ? toFormValues(product) : NEW_PRODUCT_VALUES, resolver: productResolver });
  const { register, handleSubmit, formState, watch, setValue, setError, reset, control, getValues } = form;
  const { errors, isDirty } = formState;
  const save = useSaveProduct();
  const create = useCreateProduct();
  const saving = save.isPending || create.isPending;
  const removeProduct = useDeleteProduct();
  const navigate = useNavigate();
  const [stale, setStale] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Set once the product is deleted, or a new one is stored and its editor opens: leaving then needs no prompt.
  const leaving = useRef(false);

  const highlights = useFieldArray({ control, name: "highlights" });
  const specRows = useFieldArray({ control, name: "specRows" });
  const variants = useFieldArray({ control, name: "variants" });
  const media = useFieldArray({ control, name: "media", keyName: "fieldKey" });

  const brands = useBrands();
  const categories = useCategories();
  const marketplaces = useAdminMarketplaces();

  // Uploads made here: the product is refetched when a file is stored and when its processing
  // ends (the progress stream), and the media rows below follow the server's list.
  const queryClient = useQueryClient();
  const refetchProduct = () => void (product && queryClient.invalidateQueries({ queryKey: adminKeys.product(product.id) }));
  const progress = useMediaProgress((event) => {
    if (event.mediaId && getValues("media").some((item) => item.id === event.mediaId)) refetchProduct();
  });
  useEffect(() => {
    // A clean form simply takes the new state; a dirty one keeps the owner's edits, gets the new
    // rows appended and the status and files of the others updated.
    if (!product) return;
    if (!formState.isDirty) {
      reset(toFormValues(product));
      return;
    }
    const current = getValues("media");
    const fresh = new Map(product.media.map((item) => [item.id, item]));
    current.forEach((item, index) => {
      const latest = fresh.get(item.id);
      if (!latest) return;
      setValue(`media.${index}.status`, latest.status);
      setValue(`media.${index}.url`, latest.url);
      setValue(`media.${index}.thumbnailUrl`, latest.thumbnailUrl);
    });
    const known = new Set(current.map((item) => item.id));
    const added = toFormValues(product).media.filter((item) => !known.has(item.id));
    if (added.length) media.append(added);
    // Only a new server state of the product's media (formState is read, not followed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product?.media]);

  // Unsaved changes are not lost on navigation without a prompt (in-app links and closing the tab).
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const fieldRefused = (error: unknown) => {
    if (error instanceof ApiRequestError && error.field) setError(error.field as never, { message: shopperMessage(error) });
    toastFailure("Failed to save product", error);
  };
  const onSubmit = handleSubmit(
    (body) =>
      product === null
        ? create.mutate(body, {
            onSuccess: ({ id }) => {
              leaving.current = true;
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

  const values = watch();
  const imageUrls = values.media.filter((item) => item.type === "image").map((item) => item.url);

  const deleteProduct = () =>
    product &&
    removeProduct.mutate(product.id, {
      onSuccess: () => {
        leaving.current = true;
        toast.success("Product deleted");
        navigate("/admin/products", { replace: true });
      },
      onError: (error) => toastFailure("Failed to delete product", error),
    });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5 pb-24">
      <Link to="/admin/products" className="flex w-fit items-center gap-1 text-sm text-neutral-300 hover:text-white">
        <ArrowLeft aria-hidden="true" className="size-4" /> Products
      </Link>
      <AdminPageHeader
        title={values.title.trim() || "Untitled product"}
        description={product ? `Last saved ${formatDateTime(product.updatedAt)}` : "New product, not saved yet"}
        actions={
          product ? (
            <>
              <StatusBadge status={product.status} />
              <Link to={`/admin/analytics/products/${product.id}`} className="flex items-center gap-1 text-sm text-rose-300 hover:underline">
                <BarChart3 aria-hidden="true" className="size-3.5" /> Analytics
              </Link>
              {product.status === "active" ? (
                <>
                  <Link to={`/product/${product.id}`} target="_blank" className="flex items-center gap-1 text-sm text-rose-300 hover:underline">
                    View in store <ExternalLink aria-hidden="true" className="size-3.5" />
                  </Link>
                  {/* The embed shows active products only, as the store does. */}
                  <EmbedSnippetButton target={{ kind: "product", id: product.id }} title={product.title} />
                </>
              ) : null}
            </>
          ) : null
        }
      />

      {stale ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          <span>Another admin changed this product after you opened it. Your changes were not saved. Reload to see their version, then make your changes again.</span>
          <Button
            size="sm"
            variant="inverse"
            onClick={() => {
              reset(values);
              onReload?.();
            }}
          >
            Reload
          </Button>
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-5">
          <section className={sectionClass} aria-labelledby="details-heading">
            <h2 id="details-heading" className="font-semibold text-white">
              Details
            </h2>
            <Field label="Title" {...register("title")} error={errors.title?.message} />
            <TextareaField label="Description" rows={5} {...register("description")} error={errors.description?.message} />
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
              <Field label="Price (₹)" inputMode="decimal" {...register("price")} error={errors.price?.message} hint={isValidPrice(values.price) ? formatPrice(values.price) : undefined} />
              <Field label="Discount %" inputMode="decimal" {...register("discountPercentage")} error={errors.discountPercentage?.message} />
              <Field label="Stock" inputMode="numeric" {...register("stock")} error={errors.stock?.message} />
            </div>
          </section>

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
                  item={values.media[index] ?? item}
                  productTitle={values.title}
                  titleError={errorText(errors, `media.${index}.title`)}
                  progress={progress[item.id]}
                  register={register}
                  onMove={(to) => media.move(index, to)}
                  onFlag={(flag) => values.media.forEach((_, other) => setValue(`media.${other}.${flag}`, other === index, { shouldDirty: true }))}
                  onRemoved={() => media.remove(index)}
                />
              ))}
            </ul>
          </section>

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
                        <span aria-hidden="true" className="size-6 shrink-0 rounded-full border border-white/20" style={{ background: /^#[0-9a-f]{6}$/i.test(values.variants[index]?.colorHex ?? "") ? values.variants[index]?.colorHex : "transparent" }} />
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
                        {[...new Set([...imageUrls, values.variants[index]?.imageUrl ?? ""])].filter(Boolean).map((url, position) => (
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

          <ListSection title="Specifications" addLabel="Add" onAdd={() => specRows.append({ key: "", value: "" })}>
            <p className="text-xs text-neutral-400">Known keys: sizes, colors, offers, highlights (comma-separated lists). Any other key is shown as typed.</p>
            <div className="flex flex-wrap gap-2">
              {["sizes", "colors", "offers", "highlights"]
                .filter((key) => !values.specRows.some((row) => row.key === key))
                .map((key) => (
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
                  <Button size="icon" variant="ghost" aria-label={`Remove specification ${values.specRows[index]?.key || index + 1}`} onClick={() => specRows.remove(index)}>
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
        </div>

        <div className="flex flex-col gap-5">
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
              options={[...new Set([values.category, ...(categories.data ?? []).map((category) => category.name)])].map((name) => ({ value: name, label: name }))}
            />
            <SelectField
              label="Brand"
              {...register("brandId")}
              error={errorText(errors, "brandId")}
              options={[{ value: "", label: "No brand" }, ...(brands.data ?? []).map((brand) => ({ value: brand.id, label: brand.name }))]}
            />
          </section>

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

          <section className={sectionClass} aria-labelledby="promotion-heading">
            <h2 id="promotion-heading" className="font-semibold text-white">
              Promotion
            </h2>
            <label className="flex items-center gap-2 text-sm text-neutral-200">
              <input type="checkbox" className="size-4 accent-rose-500" {...register("promotionEnabled")} /> Run a promotion
            </label>
            {values.promotionEnabled ? (
              <>
                <label className="flex items-center gap-2 text-sm text-neutral-200">
                  <input type="checkbox" className="size-4 accent-rose-500" {...register("promotion.hasPromotion")} /> Show it to shoppers
                </label>
                <Field label="Label" placeholder="Diwali sale" {...register("promotion.label")} error={errorText(errors, "promotion.label")} />
                <Field label="Ends" type="datetime-local" {...register("promotion.promoEndDate")} error={errorText(errors, "promotion.promoEndDate")} />
              </>
            ) : null}
          </section>

          {product ? (
            <section className={sectionClass} aria-labelledby="danger-heading">
              <h2 id="danger-heading" className="font-semibold text-white">
                Delete
              </h2>
              <p className="text-xs text-neutral-400">Removes the product, its media files, variants and listings, and shoppers' cart lines and saved items for it.</p>
              <Button variant="outline" className="border-red-700 text-red-300" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden="true" className="size-4" /> Delete product
              </Button>
            </section>
          ) : null}
        </div>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-white/10 bg-[#0b0b0f]/95 px-4 py-3 backdrop-blur md:left-60">
        <div className="mx-auto flex max-w-6xl items-center justify-end gap-3">
          <span className="mr-auto text-sm text-neutral-400" aria-live="polite">
            {product === null ? "Not saved yet" : isDirty ? "Unsaved changes" : "All changes saved"}
          </span>
          <Button variant="outline" disabled={!isDirty || saving} onClick={() => reset()}>
            Discard
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this product?"
        description="Its media files, variants, listings and shoppers' cart lines go too. This action cannot be undone."
        confirmLabel="Delete product"
        pending={removeProduct.isPending}
        onConfirm={deleteProduct}
      />
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
  );
}

function SmallField({
  label,
  error,
  className,
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: (props: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-xs font-medium text-neutral-300">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const REMOVE_VIDEO = "Are you sure you want to remove this video? This action cannot be undone.";

function MediaRow({
  index,
  count,
  item,
  productTitle,
  titleError,
  register,
  onMove,
  onFlag,
  onRemoved,
  progress,
}: {
  index: number;
  count: number;
  item: ProductFormValues["media"][number];
  /** What shoppers see as the media's title while it has none of its own (decision 209). */
  productTitle: string;
  titleError?: string;
  progress?: MediaProgressEvent;
  register: UseFormRegister<ProductFormValues>;
  onMove: (to: number) => void;
  onFlag: (flag: "isMain" | "isCover") => void;
  onRemoved: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteMedia();
  const position = `${item.type === "video" ? "Video" : "Image"} ${index + 1}`;
  const name = item.title || position;
  const preview = item.thumbnailUrl ?? (item.type === "image" ? item.url : null);
  const titleId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-white/10 p-3 md:flex-row md:items-center">
      <div className="flex items-center gap-3 md:w-56">
        {preview ? <img src={preview} alt="" className="size-14 shrink-0 rounded-lg object-cover" /> : <span className="size-14 shrink-0 rounded-lg bg-neutral-800" />}
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium text-white">{name}</p>
          <p className="text-xs text-neutral-400">
            {item.type} · {item.status}
            {item.status === "processing" && progress?.status === "running" ? ` ${Math.round(progress.progress)}% (${progress.stage})` : null}
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-neutral-200">
        <div className="flex w-full flex-col gap-1">
          {/* Named by its place, not its title: the name would change with every key typed. */}
          <label htmlFor={titleId} className="text-xs font-medium text-neutral-300">
            <span className="sr-only">{position} </span>Title
          </label>
          <input
            id={titleId}
            {...register(`media.${index}.title`)}
            maxLength={MEDIA_TITLE_MAX_LENGTH}
            placeholder={productTitle.trim() || undefined}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${titleId}-${titleError ? "error" : "hint"}`}
            className={smallControl}
          />
          {titleError ? (
            <p id={`${titleId}-error`} className="text-xs text-red-400">
              {titleError}
            </p>
          ) : (
            <p id={`${titleId}-hint`} className="text-xs text-neutral-400">
              Left empty, shoppers see the product's title.
            </p>
          )}
        </div>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="main-media" className="size-4 accent-rose-500" checked={item.isMain} onChange={() => onFlag("isMain")} /> Main
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="cover-media" className="size-4 accent-rose-500" checked={item.isCover} onChange={() => onFlag("isCover")} /> Cover
        </label>
        <label className="flex items-center gap-1.5">
          <span className="sr-only">{name}: </span>Category
          <select {...register(`media.${index}.category`)} className="rounded-md border border-neutral-700 bg-neutral-900 px-2 py-1 text-sm">
            <option value="product">Product</option>
            <option value="ugc">Customer (UGC)</option>
          </select>
        </label>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" className="size-4 accent-rose-500" {...register(`media.${index}.displayOnLandingPage`)} /> Landing page
        </label>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" className="size-4 accent-rose-500" {...register(`media.${index}.displayOnProfilePage`)} /> Profile page
        </label>
      </div>
      <div className="flex gap-1">
        <Button size="icon" variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Remove ${name}`} className="text-red-300" onClick={() => setConfirm(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Remove ${name}?`}
        description={REMOVE_VIDEO}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              setConfirm(false);
              onRemoved();
              toast.success("Media removed");
            },
            onError: (error) => toastFailure("Failed to remove media", error),
          })
        }
      />
    </li>
  );
}
