import { ADMIN_ORDER_ACTIONS, type AdminOrderAction, type AdminOrderSummary, ORDER_STATUSES, type OrderStatus } from "@reelmart/core/api/orders";
import { formatDay, formatPrice } from "@reelmart/core/format";
import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Link, Route, Routes, useParams, useSearchParams } from "react-router";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { toast } from "../../../shared/ui/toast.ts";
import { useMarketplaceList } from "../../../shared/marketplace/api/get-marketplaces.ts";
import { DeliveryAddress, OrderLines, OrderTimeline } from "../../../shared/orders/order-details.tsx";
import { DELIVERY_STATUS_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "../../../shared/orders/order-status.ts";
import { OrderStatusBadge } from "../../../shared/orders/order-status-badge.tsx";
import { Button } from "../../../shared/ui/button.tsx";
import { Field } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useActOnOrder } from "../api/act-on-order.ts";
import { useAdminOrder } from "../api/get-order.ts";
import { type OrderFilters, useAdminOrders } from "../api/list-orders.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { AdminTable, WIDE_ONLY_COLUMN } from "../components/admin-table.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { SelectField } from "../components/select-field.tsx";
import { toastFailure } from "../components/toast-failure.ts";

/** The Orders section: the list with filters at /admin/orders, one order at /admin/orders/{id}. */
export function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrderListScreen />} />
      <Route path=":id" element={<OrderScreen />} />
    </Routes>
  );
}

const orderDate = (order: AdminOrderSummary) => formatDay(order.createdAt);
const orderLines = (order: AdminOrderSummary) => `${order.title}${order.lineCount > 1 ? ` +${order.lineCount - 1}` : ""}`;

/** A phone shows two columns: the order cell repeats the status, date and customer, and the total stays. */
const columns: ColumnDef<AdminOrderSummary>[] = [
  {
    id: "order",
    header: "Order",
    cell: ({ row: { original: order } }) => (
      <>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={order.id} className="font-medium text-rose-300 hover:underline">
            #{order.number}
          </Link>
          <OrderStatusBadge status={order.status} className="md:hidden" />
          <span className="text-xs whitespace-nowrap text-neutral-400 md:hidden">{orderDate(order)}</span>
        </span>
        <span className="mt-0.5 block wrap-anywhere md:hidden">{order.customerEmail}</span>
        {/* One line, cut with an ellipsis: unlike truncate, it lets a phone's narrow cell be narrower than the text. */}
        <span className="line-clamp-1 max-w-56 text-xs break-all text-neutral-400" title={orderLines(order)}>
          {orderLines(order)}
        </span>
      </>
    ),
  },
  { id: "date", header: "Date", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <span className="whitespace-nowrap">{orderDate(row.original)}</span> },
  { id: "customer", header: "Customer", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => row.original.customerEmail },
  { id: "status", header: "Status", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
  { id: "payment", header: "Payment", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <span className="whitespace-nowrap">{PAYMENT_STATUS_LABELS[row.original.paymentStatus]}</span> },
  {
    id: "total",
    header: "Total",
    meta: { className: "text-right" },
    cell: ({ row }) => <span className="font-medium whitespace-nowrap text-white tabular-nums">{formatPrice(row.original.total)}</span>,
  },
];

const FILTER_KEYS = ["status", "marketplaceId", "from", "to"] as const satisfies readonly (keyof OrderFilters)[];
const isOrderStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

function OrderListScreen() {
  // The filters live in the address, so the dashboard can link to 'Orders to ship' and a reload keeps them.
  const [params, setParams] = useSearchParams();
  const status = params.get("status");
  const filters: OrderFilters = {
    status: isOrderStatus(status) ? status : undefined,
    marketplaceId: params.get("marketplaceId") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  };
  const marketplaces = useMarketplaceList();
  const orders = useAdminOrders(filters);
  const rows = useMemo(() => orders.data?.pages.flatMap((page) => page.items) ?? [], [orders.data]);
  const table = useReactTable({ data: rows, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });
  const set = (change: OrderFilters) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of FILTER_KEYS) {
          if (!(key in change)) continue;
          const value = change[key];
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <AdminPageHeader title="Orders" description="Every order, newest first. Open one to ship, deliver, cancel or mark it returned." />
      <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        <SelectField
          label="Status"
          value={filters.status ?? ""}
          onChange={(event) => set({ status: (event.target.value || undefined) as OrderStatus | undefined })}
          options={[{ value: "", label: "All" }, ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))]}
        />
        <SelectField
          label="Marketplace"
          value={filters.marketplaceId ?? ""}
          onChange={(event) => set({ marketplaceId: event.target.value || undefined })}
          options={[{ value: "", label: "All" }, ...(marketplaces.data ?? []).map((marketplace) => ({ value: marketplace.id, label: marketplace.name }))]}
        />
        <Field label="From" type="date" className="py-2.5" value={filters.from ?? ""} onChange={(event) => set({ from: event.target.value || undefined })} />
        <Field label="To" type="date" className="py-2.5" value={filters.to ?? ""} onChange={(event) => set({ to: event.target.value || undefined })} />
      </div>
      <AdminTable table={table} label="Orders" minWidthClass="md:min-w-[720px]">
        {orders.isPending ? <Spinner label="Loading orders" className="py-10" /> : null}
        {!orders.isPending && !orders.isError && rows.length === 0 ? <p className="px-4 py-10 text-center text-sm text-neutral-400">No orders match these filters.</p> : null}
        {orders.error ? (
          <p role="alert" className="px-4 py-6 text-sm text-red-300">
            {shopperMessage(orders.error)}
          </p>
        ) : null}
      </AdminTable>
      {orders.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
            {orders.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

const ACTION_LABELS: Record<AdminOrderAction, string> = {
  ship: "Mark shipped",
  deliver: "Mark delivered",
  complete: "Mark completed",
  cancel: "Cancel order",
  return: "Mark returned to origin",
};

/** The actions that cannot be taken back ask first, saying what follows. */
const CONFIRMS: Partial<Record<AdminOrderAction, { title: (number: string) => string; description: string; confirmLabel: string }>> = {
  cancel: {
    title: (number) => `Cancel order #${number}?`,
    description: "Its stock goes back on sale and a payment made online is refunded. This cannot be undone.",
    confirmLabel: "Cancel order",
  },
  return: {
    title: (number) => `Mark order #${number} returned to origin?`,
    description: "For a parcel that came back undelivered, such as a refused cash-on-delivery order. Its stock goes back on sale. This cannot be undone.",
    confirmLabel: "Mark returned",
  },
};

function OrderScreen() {
  const { id = "" } = useParams();
  const [note, setNote] = useState("");
  const [confirming, setConfirming] = useState<AdminOrderAction | null>(null);
  const order = useAdminOrder(id);
  const act = useActOnOrder();

  const run = (action: AdminOrderAction) =>
    act.mutate(
      { id, action, note: note.trim() || undefined },
      {
        onSuccess: (updated) => {
          setNote("");
          setConfirming(null);
          toast.success(`Order #${updated.number}: ${ORDER_STATUS_LABELS[updated.status]}`);
        },
        onError: (error) => {
          setConfirming(null);
          toastFailure("The order could not be changed", error);
        },
      },
    );

  if (order.isPending) return <Spinner label="Loading order" className="py-10" />;
  if (order.isError) {
    return (
      <p role="alert" className="text-sm text-red-300">
        {shopperMessage(order.error)}
      </p>
    );
  }
  const data = order.data;
  const address = data.shippingAddress;
  const confirm = confirming ? CONFIRMS[confirming] : undefined;
  return (
    <>
      <AdminPageHeader
        title={`Order #${data.number}`}
        description={`${data.customerEmail} · ${formatDay(data.createdAt)} · ${data.paymentMethod === "cod" ? "Cash on delivery" : "Online payment"}`}
        actions={
          <Link to=".." relative="path" className="text-sm text-rose-300 hover:underline">
            All orders
          </Link>
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="order-statuses" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4 text-sm">
          <h2 id="order-statuses" className="mb-3 text-base font-semibold">
            Status
          </h2>
          <dl className="grid grid-cols-2 gap-y-2">
            <dt className="text-neutral-400">Order</dt>
            <dd data-testid="admin-order-status">{ORDER_STATUS_LABELS[data.status]}</dd>
            <dt className="text-neutral-400">Payment</dt>
            <dd>{PAYMENT_STATUS_LABELS[data.paymentStatus]}</dd>
            <dt className="text-neutral-400">Delivery</dt>
            <dd>{DELIVERY_STATUS_LABELS[data.deliveryStatus]}</dd>
            <dt className="text-neutral-400">Total</dt>
            <dd className="font-semibold tabular-nums">{formatPrice(data.total)}</dd>
          </dl>
          {data.allowedActions.length ? (
            <div className="mt-4 flex flex-col gap-3">
              <Field label="Note for the timeline (optional)" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
              <div className="flex flex-wrap gap-2">
                {ADMIN_ORDER_ACTIONS.filter((action) => data.allowedActions.includes(action)).map((action) => (
                  <Button
                    key={action}
                    variant={CONFIRMS[action] ? "outline" : "primary"}
                    disabled={act.isPending}
                    onClick={() => (CONFIRMS[action] ? setConfirming(action) : run(action))}
                  >
                    {ACTION_LABELS[action]}
                  </Button>
                ))}
              </div>
            </div>
          ) : null}
        </section>
        <DeliveryAddress title="Delivery address" address={address} />
      </div>
      <div className="mt-4 grid gap-4">
        <OrderLines lines={data.lines} productLink={(line) => (line.productId ? `/admin/products/edit/${line.productId}` : null)} />
        <OrderTimeline events={data.timeline} showActor />
      </div>
      <ConfirmDialog
        open={confirm !== undefined}
        onOpenChange={(open) => !open && !act.isPending && setConfirming(null)}
        title={confirm?.title(data.number) ?? ""}
        description={confirm?.description ?? ""}
        confirmLabel={confirm?.confirmLabel ?? ""}
        dismissLabel="Keep order"
        pending={act.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
    </>
  );
}
