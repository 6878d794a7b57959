import type { AdminProductRow } from "@reelmart/core/api/admin";
import { formatPrice } from "@reelmart/core/format";
import { type ColumnDef, type RowSelectionState, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ImageOff, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { toast } from "../../../shared/ui/toast.ts";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useDebounced } from "../../../shared/hooks/use-debounced.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Field } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { type BulkAction, useBulkProducts } from "../api/bulk-products.ts";
import { useBrands } from "../api/list-brands.ts";
import { useCategories } from "../api/list-categories.ts";
import { useAdminMarketplaces } from "../api/list-marketplaces.ts";
import { type ProductFilters, useProducts } from "../api/list-products.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { AdminTable, WIDE_ONLY_COLUMN } from "../components/admin-table.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { SelectField } from "../components/select-field.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { toastFailure } from "../components/toast-failure.ts";

const SORTS = [
  { value: "newest", label: "Newest" },
  { value: "title", label: "Title (A-Z)" },
  { value: "price", label: "Price (low to high)" },
  { value: "stock", label: "Stock (low to high)" },
];

const BULK_WORDS: Record<BulkAction, { label: string; done: string; failed: string }> = {
  publish: { label: "Publish", done: "published", failed: "Failed to publish products" },
  archive: { label: "Archive", done: "archived", failed: "Failed to archive products" },
  delete: { label: "Delete", done: "deleted", failed: "Failed to delete product" },
};

/** `labelled` adds "in stock" where the number stands without its column header. */
function StockText({ stock, labelled = false }: { stock: number; labelled?: boolean }) {
  return <span className={`tabular-nums ${stock === 0 ? "text-amber-300" : ""}`}>{stock === 0 ? "Out of stock" : labelled ? `${stock} in stock` : stock}</span>;
}

const columns: ColumnDef<AdminProductRow>[] = [
  {
    id: "select",
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all products on screen"
        className="size-4 accent-rose-500"
        checked={table.getIsAllRowsSelected()}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input type="checkbox" aria-label={`Select ${row.original.title}`} className="size-4 accent-rose-500" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
    ),
  },
  {
    id: "product",
    header: "Product",
    cell: ({ row }) => (
      <Link to={`/admin/products/edit/${row.original.id}`} className="flex items-center gap-3 font-medium text-white hover:underline md:min-w-48">
        {row.original.thumbnailUrl ? (
          <img src={row.original.thumbnailUrl} alt="" className="size-10 shrink-0 rounded-lg object-cover" loading="lazy" />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-neutral-800">
            <ImageOff aria-hidden="true" className="size-4 text-neutral-400" />
          </span>
        )}
        <span className="flex min-w-0 flex-col gap-1">
          <span className="line-clamp-2">{row.original.title}</span>
          {/* A phone has no room for the status, price and stock columns: they sit under the title. */}
          <span className="flex flex-wrap items-center gap-2 text-xs font-normal text-neutral-300 md:hidden">
            <StatusBadge status={row.original.status} />
            <span className="tabular-nums">{formatPrice(row.original.price)}</span>
            <StockText stock={row.original.stock} labelled />
          </span>
        </span>
      </Link>
    ),
  },
  { id: "status", header: "Status", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: "price", header: "Price", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(row.original.price)}</span> },
  { id: "stock", header: "Stock", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <StockText stock={row.original.stock} /> },
  { id: "category", header: "Category", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => row.original.category },
  { id: "brand", header: "Brand", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => row.original.brand?.name ?? "—" },
  { id: "markets", header: "Marketplaces", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <span className="tabular-nums">{row.original.marketplaceCount}</span> },
];

/** /admin/products: the server-paginated table (filters live in the URL so links and Back keep them). */
export function ProductsTablePage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const q = useDebounced(search.trim(), 300);
  const filters: ProductFilters = {
    q: q || undefined,
    status: (params.get("status") as ProductFilters["status"]) || undefined,
    category: params.get("category") || undefined,
    brandId: params.get("brandId") || undefined,
    marketplaceId: params.get("marketplaceId") || undefined,
    outOfStock: params.get("outOfStock") === "true" ? "true" : undefined,
    sort: (params.get("sort") as ProductFilters["sort"]) || "newest",
  };
  const products = useProducts(filters);
  const brands = useBrands();
  const categories = useCategories();
  const marketplaces = useAdminMarketplaces();
  const rows = useMemo(() => products.data?.pages.flatMap((page) => page.items) ?? [], [products.data]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [confirm, setConfirm] = useState<BulkAction | null>(null);
  const bulk = useBulkProducts();
  const navigate = useNavigate();

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    getCoreRowModel: getCoreRowModel(),
  });
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setSelection({});
  };

  const runBulk = (action: BulkAction) =>
    bulk.mutate(
      { ids: selectedIds, action },
      {
        onSuccess: ({ affected }) => {
          toast.success(`${affected} ${affected === 1 ? "product" : "products"} ${BULK_WORDS[action].done}`);
          setSelection({});
          setConfirm(null);
        },
        onError: (error) => toastFailure(BULK_WORDS[action].failed, error),
      },
    );

  return (
    <>
      <AdminPageHeader
        title="Products"
        description="Every product in every status. Only active products reach shoppers."
        actions={
          <Button onClick={() => void navigate("/admin/products/new")}>
            <Plus aria-hidden="true" className="size-4" /> New
          </Button>
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
        <Field label="Search" type="search" placeholder="Title or category" value={search} onChange={(event) => setSearch(event.target.value)} className="py-2.5" />
        <SelectField
          label="Status"
          value={filters.status ?? ""}
          onChange={(event) => setFilter("status", event.target.value)}
          options={[{ value: "", label: "Any" }, { value: "active", label: "Active" }, { value: "draft", label: "Draft" }, { value: "archived", label: "Archived" }]}
        />
        <SelectField
          label="Category"
          value={filters.category ?? ""}
          onChange={(event) => setFilter("category", event.target.value)}
          options={[{ value: "", label: "Any" }, ...(categories.data ?? []).map((category) => ({ value: category.name, label: category.name }))]}
        />
        <SelectField
          label="Brand"
          value={filters.brandId ?? ""}
          onChange={(event) => setFilter("brandId", event.target.value)}
          options={[{ value: "", label: "Any" }, ...(brands.data ?? []).map((brand) => ({ value: brand.id, label: brand.name }))]}
        />
        <SelectField
          label="Marketplace"
          value={filters.marketplaceId ?? ""}
          onChange={(event) => setFilter("marketplaceId", event.target.value)}
          options={[{ value: "", label: "Any" }, ...(marketplaces.data ?? []).map((marketplace) => ({ value: marketplace.id, label: marketplace.name }))]}
        />
        <SelectField label="Sort" value={filters.sort ?? "newest"} onChange={(event) => setFilter("sort", event.target.value)} options={SORTS} />
        <label className="flex items-center gap-2 self-end pb-3 text-sm text-neutral-200">
          <input type="checkbox" className="size-4 accent-rose-500" checked={filters.outOfStock === "true"} onChange={(event) => setFilter("outOfStock", event.target.checked ? "true" : "")} />
          Out of stock only
        </label>
      </div>

      {selectedIds.length ? (
        <div role="region" aria-label="Bulk actions" className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-white/10 bg-neutral-900 px-3 py-2 text-sm">
          <span className="mr-2 text-neutral-200">{selectedIds.length} selected</span>
          <Button size="sm" variant="outline" onClick={() => runBulk("publish")} disabled={bulk.isPending}>
            Publish
          </Button>
          <Button size="sm" variant="outline" onClick={() => runBulk("archive")} disabled={bulk.isPending}>
            Archive
          </Button>
          <Button size="sm" variant="outline" className="border-red-700 text-red-300" onClick={() => setConfirm("delete")} disabled={bulk.isPending}>
            Delete
          </Button>
        </div>
      ) : null}

      <AdminTable table={table} label="Products" minWidthClass="md:min-w-[720px]">
        {products.isPending ? <Spinner label="Loading products" className="py-10" /> : null}
        {!products.isPending && rows.length === 0 ? <p className="px-4 py-10 text-center text-sm text-neutral-400">No products match these filters.</p> : null}
        {products.error ? (
          <p role="alert" className="px-4 py-6 text-sm text-red-300">
            {shopperMessage(products.error)}
          </p>
        ) : null}
      </AdminTable>
      {products.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
            {products.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => setConfirm(open ? "delete" : null)}
        title={`Delete ${selectedIds.length} ${selectedIds.length === 1 ? "product" : "products"}?`}
        description="Their media files, variants, listings and shoppers' cart lines go too. This action cannot be undone."
        confirmLabel="Delete"
        pending={bulk.isPending}
        onConfirm={() => runBulk("delete")}
      />
    </>
  );
}
