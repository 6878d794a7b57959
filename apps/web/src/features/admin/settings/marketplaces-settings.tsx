import { type AdminMarketplace, type MarketplaceInput, MarketplaceInputSchema } from "@reelmart/core/api/admin";
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../../shared/ui/toast.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Dialog } from "../../../shared/ui/dialog.tsx";
import { Field } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useAdminMarketplaces } from "../api/list-marketplaces.ts";
import { useReorderMarketplaces } from "../api/reorder-marketplaces.ts";
import { useSaveMarketplace } from "../api/save-marketplace.ts";
import { useUploadMarketplaceFlag } from "../api/upload-marketplace-flag.ts";
import { toastFailure } from "../components/toast-failure.ts";

/** Marketplaces: add, edit, activate/deactivate, and the shoppers' order by drag (pointer or keyboard) or the arrow buttons. */
export function MarketplacesSettings() {
  const marketplaces = useAdminMarketplaces();
  const reorder = useReorderMarketplaces();
  const save = useSaveMarketplace();
  const [editing, setEditing] = useState<{ marketplace: AdminMarketplace | null } | null>(null);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const items = marketplaces.data ?? [];

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    reorder.mutate(arrayMove(items, from, to).map((item) => item.id), { onError: (error) => toastFailure("Failed to reorder marketplaces", error) });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };
  const toggle = (marketplace: AdminMarketplace) =>
    save.mutate(
      { id: marketplace.id, body: { name: marketplace.name, tagline: marketplace.tagline, flagUrl: marketplace.flagUrl, isActive: !marketplace.isActive } },
      {
        onSuccess: (saved) => toast.success(`${saved.name} ${saved.isActive ? "activated" : "deactivated"}`),
        onError: (error) => toastFailure("Failed to update marketplace", error),
      },
    );

  return (
    <section aria-labelledby="marketplaces-heading" className="flex max-w-3xl flex-col gap-4 rounded-xl border border-white/10 bg-neutral-950 p-4 md:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="marketplaces-heading" className="text-lg font-semibold text-white">
          Marketplaces
        </h2>
        <Button size="sm" onClick={() => setEditing({ marketplace: null })}>
          <Plus aria-hidden="true" className="size-4" /> Add marketplace
        </Button>
      </div>
      <p className="text-xs text-neutral-400">Shoppers see active marketplaces in this order. Drag a handle (or focus it and use Space and the arrow keys) to reorder.</p>
      {marketplaces.isPending ? <Spinner label="Loading marketplaces" className="py-6" /> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ul className="flex flex-col gap-2">
            {items.map((marketplace, index) => (
              <MarketplaceRow
                key={marketplace.id}
                marketplace={marketplace}
                first={index === 0}
                last={index === items.length - 1}
                onMove={(delta) => move(index, index + delta)}
                onEdit={() => setEditing({ marketplace })}
                onToggle={() => toggle(marketplace)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {editing ? <MarketplaceDialog key={editing.marketplace?.id ?? "new"} marketplace={editing.marketplace} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

function MarketplaceRow({
  marketplace,
  first,
  last,
  onMove,
  onEdit,
  onToggle,
}: {
  marketplace: AdminMarketplace;
  first: boolean;
  last: boolean;
  onMove: (delta: number) => void;
  onEdit: () => void;
  onToggle: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: marketplace.id });
  const style = { transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition };
  return (
    // On a phone the controls wrap under the name instead of squeezing it to one letter.
    <li ref={setNodeRef} style={style} className={`flex flex-wrap items-center gap-2 rounded-lg border border-white/10 bg-neutral-900 p-2 ${isDragging ? "z-10 shadow-xl" : ""}`}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${marketplace.name}`}
        className="cursor-grab touch-none rounded p-1 text-neutral-400 hover:text-white focus-visible:outline-2 focus-visible:outline-rose-400"
      >
        <GripVertical aria-hidden="true" className="size-5" />
      </button>
      <img src={marketplace.flagUrl} alt="" className="size-8 rounded object-cover" />
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate font-medium text-white" title={marketplace.name}>
          {marketplace.name}
        </p>
        <p className="truncate text-xs text-neutral-400">
          {marketplace.tagline ?? "No tagline"} · {marketplace.productCount} products
        </p>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <label className="mr-1 flex items-center gap-1.5 text-xs text-neutral-200">
          <input type="checkbox" role="switch" className="size-4 accent-rose-500" checked={marketplace.isActive} onChange={onToggle} />
          <span>Active</span>
          <span className="sr-only"> ({marketplace.name})</span>
        </label>
        <Button size="icon" variant="ghost" aria-label={`Move ${marketplace.name} up`} disabled={first} onClick={() => onMove(-1)}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Move ${marketplace.name} down`} disabled={last} onClick={() => onMove(1)}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Edit ${marketplace.name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

function MarketplaceDialog({ marketplace, onClose }: { marketplace: AdminMarketplace | null; onClose: () => void }) {
  const save = useSaveMarketplace();
  const uploadFlag = useUploadMarketplaceFlag();
  const formId = useId();
  const form = useForm<MarketplaceInput>({
    resolver: zodResolver(MarketplaceInputSchema),
    defaultValues: { name: marketplace?.name ?? "", tagline: marketplace?.tagline ?? "", flagUrl: marketplace?.flagUrl ?? "", isActive: marketplace?.isActive ?? true },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: marketplace?.id ?? null, body },
      {
        onSuccess: () => {
          toast.success(marketplace ? "Marketplace updated" : "Marketplace added");
          onClose();
        },
        onError: (error) => toastFailure(marketplace ? "Failed to update marketplace" : "Failed to create marketplace", error),
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={marketplace ? `Edit ${marketplace.name}` : "New marketplace"}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending || uploadFlag.isPending}>
            Save marketplace
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Name" {...form.register("name")} error={errors.name?.message} />
        <Field label="Tagline" {...form.register("tagline")} error={errors.tagline?.message} />
        <Field label="Flag image URL" placeholder="https:// or /media/…" {...form.register("flagUrl")} error={errors.flagUrl?.message} />
        {marketplace ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="flag-upload" className="text-sm font-medium text-neutral-200">
              Or upload a flag image
            </label>
            <input
              id="flag-upload"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                uploadFlag.mutate(
                  { id: marketplace.id, file },
                  { onSuccess: (url) => form.setValue("flagUrl", url, { shouldDirty: true }), onError: (error) => toastFailure("Upload failed", error) },
                );
              }}
              className="text-sm text-neutral-300 file:mr-3 file:rounded-full file:border-0 file:bg-neutral-800 file:px-3 file:py-1.5 file:text-neutral-100"
            />
          </div>
        ) : null}
        <label className="flex items-center gap-2 text-sm text-neutral-200">
          <input type="checkbox" className="size-4 accent-rose-500" {...form.register("isActive")} /> Active (shoppers can choose it)
        </label>
      </form>
    </Dialog>
  );
}
