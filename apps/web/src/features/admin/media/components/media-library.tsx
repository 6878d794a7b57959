import { MEDIA_TITLE_MAX_LENGTH } from "@reelmart/core/api/discovery";
import type { LibraryItem, MediaProgressEvent } from "@reelmart/core/api/media";
import { formatDateTime } from "@reelmart/core/format";
import { AlertTriangle, BarChart3, Captions, ImageIcon, Play, RotateCcw, Star, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { shopperMessage } from "../../../../shared/api/shopper-message.ts";
import { Button } from "../../../../shared/ui/button.tsx";
import { toast } from "../../../../shared/ui/toast.ts";
import { EmbedSnippetButton } from "../../components/embed-snippet.tsx";
import { Spinner } from "../../../../shared/ui/spinner.tsx";
import { type LibraryFilters, useMediaLibrary } from "../api/get-media-library.ts";
import { useDeleteMedia } from "../api/delete-media.ts";
import { useProductOptions } from "../api/get-product-options.ts";
import { usePutCaptions } from "../api/put-captions.ts";
import { useRenameMedia } from "../api/rename-media.ts";
import { useRetryMedia } from "../api/retry-media.ts";
import { useUpdateLibraryMedia } from "../api/update-library-media.ts";
import { MediaPreviewDialog } from "./media-preview-dialog.tsx";

const STATUS_STYLE: Record<LibraryItem["status"], string> = {
  ready: "bg-emerald-900/60 text-emerald-200",
  processing: "bg-amber-900/60 text-amber-200",
  failed: "bg-red-900/60 text-red-200",
};

const selectClass = "rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-white";

/** The spec's media list, newest first, with filters, live processing progress and per-item actions. */
export function MediaLibrary({ progress }: { progress: Record<string, MediaProgressEvent> }) {
  const [filters, setFilters] = useState<LibraryFilters>({});
  const library = useMediaLibrary(filters);
  const products = useProductOptions();
  const [preview, setPreview] = useState<LibraryItem | null>(null);
  const ids = { product: useId(), type: useId(), category: useId(), status: useId() };
  const items = library.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (change: Partial<LibraryFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <section aria-label="Media library">
      <div className="mb-4 flex flex-wrap gap-3">
        <FilterSelect id={ids.product} label="Product" value={filters.productId ?? ""} onChange={(value) => set({ productId: value || undefined })}>
          <option value="">All products</option>
          {products.data?.map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id={ids.type} label="Type" value={filters.type ?? ""} onChange={(value) => set({ type: (value || undefined) as LibraryFilters["type"] })}>
          <option value="">All types</option>
          <option value="video">Videos</option>
          <option value="image">Images</option>
        </FilterSelect>
        <FilterSelect id={ids.category} label="Category" value={filters.category ?? ""} onChange={(value) => set({ category: (value || undefined) as LibraryFilters["category"] })}>
          <option value="">All categories</option>
          <option value="product">Product</option>
          <option value="ugc">UGC</option>
        </FilterSelect>
        <FilterSelect id={ids.status} label="Status" value={filters.status ?? ""} onChange={(value) => set({ status: (value || undefined) as LibraryFilters["status"] })}>
          <option value="">Any status</option>
          <option value="ready">Ready</option>
          <option value="processing">Processing</option>
          <option value="failed">Failed</option>
        </FilterSelect>
      </div>
      {library.isPending ? <Spinner /> : null}
      {library.isError ? <p className="text-sm text-red-400">Could not load the media library.</p> : null}
      {library.isSuccess && !items.length ? <p className="text-sm text-neutral-400">No media yet. Upload videos and images above.</p> : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((item) => (
          <MediaCard key={item.id} item={item} live={progress[item.id]} products={products.data ?? []} onPreview={() => setPreview(item)} />
        ))}
      </ul>
      {library.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void library.fetchNextPage()} disabled={library.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
      <MediaPreviewDialog item={preview} onClose={() => setPreview(null)} />
    </section>
  );
}

function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-neutral-400">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

function MediaCard({ item, live, products, onPreview }: { item: LibraryItem; live?: MediaProgressEvent; products: Array<{ id: string; title: string }>; onPreview: () => void }) {
  const update = useUpdateLibraryMedia();
  const retry = useRetryMedia();
  const remove = useDeleteMedia();
  const captions = usePutCaptions();
  const captionsId = useId();
  const attachId = useId();
  const name = item.title ?? `${item.type === "video" ? "Video" : "Image"} of ${item.productTitle}`;
  const running = item.status === "processing" ? (live?.status === "running" ? live : null) : null;
  const stage = running?.stage ?? item.job?.stage ?? "queued";
  const percent = running?.progress ?? item.job?.progress ?? 0;

  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-neutral-800 bg-neutral-950" aria-label={name}>
      <button type="button" onClick={onPreview} disabled={item.status !== "ready"} className="relative aspect-video overflow-hidden bg-neutral-900" aria-label={`Preview ${name}`}>
        {item.status === "ready" && item.thumbnailUrl ? <img src={item.thumbnailUrl} alt="" className="size-full object-contain" loading="lazy" /> : null}
        {item.status === "ready" && !item.thumbnailUrl && item.type === "image" ? <img src={item.url} alt="" className="size-full object-contain" loading="lazy" /> : null}
        {item.status === "ready" && item.type === "video" ? (
          <Play className="absolute top-1/2 left-1/2 size-10 -translate-x-1/2 -translate-y-1/2 text-white drop-shadow" aria-hidden="true" />
        ) : null}
        {item.status === "processing" ? (
          <div className="flex size-full flex-col items-center justify-center gap-2 px-6">
            <span className="text-sm text-amber-200">
              {stage === "queued" ? "Waiting to process" : `${stage[0]!.toUpperCase()}${stage.slice(1)}`} {percent}%
            </span>
            <div role="progressbar" aria-label={`${name} processing`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-800">
              <div className="h-full bg-amber-400 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        ) : null}
        {item.status === "failed" ? <AlertTriangle className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-1/2 text-red-400" aria-hidden="true" /> : null}
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-white">{name}</p>
            <p className="truncate text-xs text-neutral-400">
              {item.productTitle} · {item.category === "ugc" ? "UGC" : "Product"} · {formatDateTime(item.createdAt)}
            </p>
          </div>
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${STATUS_STYLE[item.status]}`}>{item.status === "ready" ? "Ready" : item.status === "processing" ? "Processing" : "Failed"}</span>
        </div>
        {item.renditions.length ? (
          <p className="text-xs text-neutral-400">
            {item.renditions.map((r) => `${Math.min(r.width, r.height)}p`).join(" · ")}
            {item.duration ? ` · ${item.duration.toFixed(1)} s` : ""}
            {item.isMain ? " · Main video" : ""}
            {item.captionsUrl ? " · Captions" : ""}
          </p>
        ) : null}
        {item.type === "image" && item.isCover ? <p className="text-xs text-neutral-400">Cover image</p> : null}
        <RenameField key={`${item.id}:${item.title}`} item={item} name={name} />
        {item.status === "failed" ? (
          <p className="text-xs text-red-300" role="alert">
            {item.error}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-1">
          {item.status === "failed" ? (
            <Button variant="outline" size="sm" onClick={() => retry.mutate(item.id)} disabled={retry.isPending}>
              <RotateCcw className="size-3.5" aria-hidden="true" /> Retry
            </Button>
          ) : null}
          {item.type === "video" && !item.isMain ? (
            <Button variant="ghost" size="sm" onClick={() => update.mutate({ id: item.id, body: { isMain: true } })}>
              <Star className="size-3.5" aria-hidden="true" /> Set as main
            </Button>
          ) : null}
          {item.type === "image" && !item.isCover && item.status === "ready" ? (
            <Button variant="ghost" size="sm" onClick={() => update.mutate({ id: item.id, body: { isCover: true } })}>
              <ImageIcon className="size-3.5" aria-hidden="true" /> Set as cover
            </Button>
          ) : null}
          {item.type === "video" && item.status === "ready" ? <EmbedSnippetButton target={{ kind: "v", id: item.id }} title={name} /> : null}
          {item.type === "video" ? (
            <Link
              to={`/admin/analytics/videos/${item.id}`}
              aria-label={`Analytics of ${name}`}
              className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm text-neutral-200 hover:bg-neutral-800"
            >
              <BarChart3 className="size-3.5" aria-hidden="true" /> Analytics
            </Link>
          ) : null}
          {item.type === "video" ? (
            <>
              <label htmlFor={captionsId} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1.5 text-sm text-neutral-200 hover:bg-neutral-800">
                <Captions className="size-3.5" aria-hidden="true" /> {item.captionsUrl ? "Replace captions" : "Add captions"}
              </label>
              <input
                id={captionsId}
                type="file"
                accept=".vtt,text/vtt"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) captions.mutate({ id: item.id, file });
                  event.target.value = "";
                }}
              />
            </>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="text-red-300"
            onClick={() => {
              if (window.confirm(`Delete ${name}? Its files are removed from storage.`)) remove.mutate(item.id);
            }}
          >
            <Trash2 className="size-3.5" aria-hidden="true" /> Delete
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={attachId} className="text-xs text-neutral-400">
            Attach to
          </label>
          <select
            id={attachId}
            value={item.productId}
            onChange={(event) => update.mutate({ id: item.id, body: { productId: event.target.value } })}
            className="min-w-0 flex-1 rounded-lg border border-neutral-800 bg-neutral-900 px-2 py-1 text-xs text-white"
          >
            {products.some((product) => product.id === item.productId) ? null : <option value={item.productId}>{item.productTitle}</option>}
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </div>
      </div>
    </li>
  );
}

/** The media's own title; left empty, it goes by its product's title (decision 209). */
function RenameField({ item, name }: { item: LibraryItem; name: string }) {
  const rename = useRenameMedia();
  const [title, setTitle] = useState(item.title ?? "");
  const id = useId();
  const wanted = title.trim() || null;
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ id: item.id, title: wanted }, { onSuccess: () => toast.success("Title saved") });
      }}
    >
      <label htmlFor={id} className="text-xs text-neutral-400">
        <span className="sr-only">{name}: </span>Title
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={title}
          maxLength={MEDIA_TITLE_MAX_LENGTH}
          placeholder={item.productTitle}
          onChange={(event) => {
            setTitle(event.target.value);
            if (rename.isError) rename.reset();
          }}
          aria-invalid={rename.isError ? true : undefined}
          aria-describedby={`${id}-${rename.isError ? "error" : "hint"}`}
          className="min-w-0 flex-1 rounded-lg border border-neutral-800 bg-neutral-900 px-2 py-1 text-xs text-white placeholder:text-neutral-500"
        />
        <Button type="submit" variant="outline" size="sm" disabled={wanted === item.title || rename.isPending}>
          Rename
        </Button>
      </div>
      {rename.isError ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-300">
          {shopperMessage(rename.error)}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-neutral-400">
          Left empty, shoppers see the product's title.
        </p>
      )}
    </form>
  );
}
