import { type AdminBrand, type BrandInput, BrandInputSchema } from "@reelmart/core/api/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, Pencil, Plus, Store, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { toast } from "../../../shared/ui/toast.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Dialog } from "../../../shared/ui/dialog.tsx";
import { Field, TextareaField } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useDeleteBrand } from "../api/delete-brand.ts";
import { useBrands } from "../api/list-brands.ts";
import { useSaveBrand } from "../api/save-brand.ts";
import { useUploadBrandImage } from "../api/upload-brand-image.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { EmbedSnippetButton } from "../components/embed-snippet.tsx";
import { toastFailure } from "../components/toast-failure.ts";

type Editing = { brand: AdminBrand | null } | null;

/** /admin/brands: newest first; create, edit (with logo and cover), delete. */
export function BrandsPage() {
  const brands = useBrands();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminBrand | null>(null);
  const remove = useDeleteBrand();

  useEffect(() => {
    if (brands.error) toastFailure("Failed to fetch brands", brands.error);
  }, [brands.error]);

  return (
    <>
      <AdminPageHeader
        title="Brands"
        description="Newest first. Featured brands show as verified to shoppers."
        actions={
          <Button onClick={() => setEditing({ brand: null })}>
            <Plus aria-hidden="true" className="size-4" /> New brand
          </Button>
        }
      />
      {brands.isPending ? <Spinner label="Loading brands" className="py-12" /> : null}
      {brands.error ? (
        <p role="alert" className="text-sm text-red-300">
          Failed to fetch brands: {shopperMessage(brands.error)}
        </p>
      ) : null}
      {brands.data?.length === 0 ? <p className="text-sm text-neutral-400">No brands yet.</p> : null}
      {/* Columns of minmax(0, 1fr): a long brand name shortens in its card instead of widening every card past the window. */}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {brands.data?.map((brand) => (
          // The buttons move under the name when they would leave it less than 10rem: a name is never cut.
          <li key={brand.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-neutral-950 p-3">
            {brand.logoUrl ? (
              <img src={brand.logoUrl} alt="" className="size-12 shrink-0 rounded-full bg-white object-contain" />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-neutral-800">
                <Store aria-hidden="true" className="size-5 text-neutral-400" />
              </span>
            )}
            <div className="min-w-0 flex-1 basis-40">
              {/* The whole name, wrapped if it must; the verified mark stays beside it. */}
              <p className="flex items-center gap-1 font-medium text-white">
                <span className="min-w-0 wrap-break-word">{brand.name}</span>
                {brand.featured ? <BadgeCheck aria-label="Verified" className="size-4 shrink-0 text-sky-400" /> : null}
              </p>
              <p className="text-xs text-neutral-400">
                {brand.productCount} {brand.productCount === 1 ? "product" : "products"}
              </p>
            </div>
            <div className="ml-auto flex items-center gap-3">
              <EmbedSnippetButton target={{ kind: "brand", id: brand.id }} title={brand.name} size="icon" />
              <Button size="icon" variant="ghost" aria-label={`Edit ${brand.name}`} onClick={() => setEditing({ brand })}>
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button size="icon" variant="ghost" aria-label={`Delete ${brand.name}`} className="text-red-300" onClick={() => setDeleting(brand)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? <BrandDialog key={editing.brand?.id ?? "new"} brand={editing.brand} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "brand"}?`}
        description={
          deleting?.productCount
            ? `Its ${deleting.productCount} ${deleting.productCount === 1 ? "product stays" : "products stay"} in the store without a brand. This action cannot be undone.`
            : "This action cannot be undone."
        }
        confirmLabel="Delete brand"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.name} deleted`);
              setDeleting(null);
            },
            onError: (error) => toastFailure("Failed to delete brand", error),
          })
        }
      />
    </>
  );
}

function BrandDialog({ brand, onClose }: { brand: AdminBrand | null; onClose: () => void }) {
  const save = useSaveBrand();
  const upload = useUploadBrandImage();
  const [current, setCurrent] = useState(brand);
  const [logo, setLogo] = useState<File | null>(null);
  const formId = useId();
  const form = useForm<BrandInput>({
    resolver: zodResolver(BrandInputSchema),
    defaultValues: { name: brand?.name ?? "", description: brand?.description ?? "", websiteUrl: brand?.websiteUrl ?? "", featured: brand?.featured ?? false },
  });
  const { errors } = form.formState;
  const failure = brand ? "Failed to update brand" : "Failed to create brand";

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, body: input });
      setCurrent(saved);
      if (logo) await upload.mutateAsync({ id: saved.id, kind: "logo", file: logo });
      toast.success(brand ? "Brand updated" : "Brand created");
      onClose();
    } catch (error) {
      toastFailure(failure, error);
    }
  });

  const uploadCover = (file: File | undefined) => {
    if (!file || !current) return;
    upload.mutate({ id: current.id, kind: "cover", file }, { onSuccess: (url) => setCurrent({ ...current, coverImageUrl: url }), onError: (error) => toastFailure(failure, error) });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={brand ? `Edit ${brand.name}` : "New brand"}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending || upload.isPending}>
            {save.isPending || upload.isPending ? "Saving..." : "Save brand"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Name" {...form.register("name")} error={errors.name?.message} />
        <TextareaField label="Description" rows={3} {...form.register("description")} error={errors.description?.message} />
        <Field label="Website" type="url" placeholder="https://" {...form.register("websiteUrl")} error={errors.websiteUrl?.message} />
        <label className="flex items-center gap-2 text-sm text-neutral-200">
          <input type="checkbox" className="size-4 accent-rose-500" {...form.register("featured")} /> Featured (shown as verified)
        </label>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="brand-logo" className="text-sm font-medium text-neutral-200">
            Logo
          </label>
          <div className="flex items-center gap-3">
            {current?.logoUrl && !logo ? <img src={current.logoUrl} alt="Current logo" className="size-10 rounded-full bg-white object-contain" /> : null}
            <input
              id="brand-logo"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
              className="text-sm text-neutral-300 file:mr-3 file:rounded-full file:border-0 file:bg-neutral-800 file:px-3 file:py-1.5 file:text-neutral-100"
            />
          </div>
          <p className="text-xs text-neutral-400">PNG, JPEG, GIF or WebP up to 5 MB.</p>
        </div>
        {current ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="brand-cover" className="text-sm font-medium text-neutral-200">
              Cover image
            </label>
            {current.coverImageUrl ? <img src={current.coverImageUrl} alt="Current cover" className="h-16 w-full rounded-lg object-cover" /> : null}
            <input
              id="brand-cover"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => uploadCover(event.target.files?.[0])}
              className="text-sm text-neutral-300 file:mr-3 file:rounded-full file:border-0 file:bg-neutral-800 file:px-3 file:py-1.5 file:text-neutral-100"
            />
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
