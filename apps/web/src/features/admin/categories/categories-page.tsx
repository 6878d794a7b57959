import { type AdminCategory, CategoryInputSchema } from "@reelmart/core/api/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { toast } from "../../../shared/ui/toast.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Dialog } from "../../../shared/ui/dialog.tsx";
import { Field } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useDeleteCategory } from "../api/delete-category.ts";
import { useCategories } from "../api/list-categories.ts";
import { useSaveCategory } from "../api/save-category.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { toastFailure } from "../components/toast-failure.ts";

/** Categories ordered by name: add, rename (products follow), delete (refused while products use it). */
export function CategoriesPage() {
  const categories = useCategories();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [renaming, setRenaming] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const addForm = useForm<{ name: string }>({ resolver: zodResolver(CategoryInputSchema), defaultValues: { name: "" } });

  const add = addForm.handleSubmit(({ name }) =>
    save.mutate(
      { from: null, name },
      {
        onSuccess: () => {
          toast.success(`Category ${name} added`);
          addForm.reset();
        },
        onError: (error) => addForm.setError("name", { message: shopperMessage(error) }),
      },
    ),
  );

  return (
    <>
      <AdminPageHeader title="Categories" description="Shoppers browse and filter by these. Renaming a category moves its products with it." />
      <form onSubmit={add} noValidate className="mb-5 flex max-w-md items-start gap-2">
        <Field label="New category" className="py-2.5" {...addForm.register("name")} error={addForm.formState.errors.name?.message} />
        <Button type="submit" className="mt-7" disabled={save.isPending}>
          Add
        </Button>
      </form>
      {categories.isPending ? <Spinner label="Loading categories" className="py-12" /> : null}
      {categories.error ? <p role="alert" className="text-sm text-red-300">{shopperMessage(categories.error)}</p> : null}
      <ul className="max-w-2xl divide-y divide-white/10 rounded-xl border border-white/10">
        {categories.data?.map((category) => (
          <li key={category.name} className="flex items-center gap-3 px-4 py-2.5">
            <span className="flex-1 text-white">{category.name}</span>
            <span className="text-xs text-neutral-400">
              {category.productCount} {category.productCount === 1 ? "product" : "products"}
            </span>
            <Button size="icon" variant="ghost" aria-label={`Rename ${category.name}`} onClick={() => setRenaming(category)}>
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button size="icon" variant="ghost" aria-label={`Delete ${category.name}`} className="text-red-300" onClick={() => setDeleting(category)}>
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      {renaming ? <RenameDialog key={renaming.name} category={renaming} onClose={() => setRenaming(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "category"}?`}
        description={deleting?.productCount ? `${deleting.productCount} products use it: move them to another category first.` : "This action cannot be undone."}
        confirmLabel="Delete category"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.name, {
            onSuccess: () => {
              toast.success(`Category ${deleting.name} deleted`);
              setDeleting(null);
            },
            onError: (error) => toastFailure("Failed to delete category", error),
          })
        }
      />
    </>
  );
}

function RenameDialog({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const save = useSaveCategory();
  const form = useForm<{ name: string }>({ resolver: zodResolver(CategoryInputSchema), defaultValues: { name: category.name } });
  const formId = useId();
  const submit = form.handleSubmit(({ name }) =>
    save.mutate(
      { from: category.name, name },
      {
        onSuccess: () => {
          toast.success(`Renamed to ${name}`);
          onClose();
        },
        onError: (error) => form.setError("name", { message: shopperMessage(error) }),
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Rename ${category.name}`}
      description={`Its ${category.productCount} products move with it.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            Rename
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Name" {...form.register("name")} error={form.formState.errors.name?.message} />
      </form>
    </Dialog>
  );
}
