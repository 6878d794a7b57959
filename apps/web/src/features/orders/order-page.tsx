import type { Order } from "@reelmart/core/api/orders";
import { formatDateTime, formatPrice } from "@reelmart/core/format";
import { isUuid } from "@reelmart/core/ids";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { shopperMessage } from "../../shared/api/shopper-message.ts";
import { orderQueryKey } from "../../shared/orders/get-orders.ts";
import { DeliveryAddress, OrderLines, OrderTimeline } from "../../shared/orders/order-details.tsx";
import { DELIVERY_STATUS_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, orderStatusTone } from "../../shared/orders/order-status.ts";
import { payOnline } from "../../shared/orders/pay-online.ts";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { useSession } from "../../shared/session/use-session.ts";
import { Button } from "../../shared/ui/button.tsx";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useCancelOrder } from "./api/cancel-order.ts";
import { useOrder } from "./api/get-order.ts";


/** /orders/{id}: lines, totals, address, the three statuses and the timeline; cancel before shipping. */
export function OrderPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  if (!isUuid(id) || (order.isError && "status" in order.error && order.error.status === 404)) {
    return (
      <Frame>
        <EmptyState title="Order not found" description="This order does not exist or is not yours." action={<Link to="/orders" className="font-semibold text-rose-400 hover:underline">Your orders</Link>} />
      </Frame>
    );
  }
  if (order.isPending) return <Spinner label="Loading order" className="py-20" />;
  if (order.isError) {
    return (
      <Frame>
        <p className="px-4 py-10 text-center text-sm text-neutral-400">This order could not be loaded. Please try again.</p>
      </Frame>
    );
  }
  return (
    <Frame number={order.data.number}>
      <OrderDetail order={order.data} placed={placed} />
    </Frame>
  );
}

function Frame({ number, children }: { number?: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-full flex-col pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1.5rem)]">
      <PageHeader title={number ? `Order #${number}` : "Order"} />
      {children}
    </div>
  );
}

function OrderDetail({ order, placed }: { order: Order; placed: boolean }) {
  const { user } = useSession();
  const cancel = useCancelOrder(user?.id ?? null);
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const address = order.shippingAddress;

  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const onCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () => toast.success("Order cancelled"),
      onError: (error) => toast.error("Could not cancel the order", { description: shopperMessage(error) }),
      onSettled: () => setConfirmingCancel(false),
    });

  const onPay = async () => {
    if (!order.payment) return;
    setPaying(true);
    try {
      const paid = await payOnline(order, order.payment, { name: address.name, email: user?.email, contact: address.phone });
      if (paid) queryClient.setQueryData(orderQueryKey(order.id), paid);
    } catch (error) {
      toast.error("Payment could not be completed", { description: error instanceof Error ? error.message : "Please try again" });
    } finally {
      setPaying(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 px-4 pt-4">
      {placed && order.status !== "pending_payment" && order.status !== "cancelled" ? (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-emerald-500/10 px-4 py-3 text-sm text-emerald-300">
          <CheckCircle2 aria-hidden className="size-5" /> Thank you! Your order is confirmed.
        </p>
      ) : null}
      <section aria-label="Status" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="order-status" className={`rounded px-2 py-0.5 text-sm font-semibold ${orderStatusTone(order.status)}`}>
            {ORDER_STATUS_LABELS[order.status]}
          </span>
          <span data-testid="payment-status" className="rounded bg-neutral-800 px-2 py-0.5 text-xs text-neutral-200">
            {PAYMENT_STATUS_LABELS[order.paymentStatus]}
          </span>
          <span data-testid="delivery-status" className="rounded bg-neutral-800 px-2 py-0.5 text-xs text-neutral-200">
            {DELIVERY_STATUS_LABELS[order.deliveryStatus]}
          </span>
        </div>
        <p className="mt-2 text-xs text-neutral-400">
          Placed {formatDateTime(order.createdAt)} · {order.paymentMethod === "cod" ? "Cash on delivery" : "Paid online"}
        </p>
        {order.status === "pending_payment" ? (
          <div className="mt-3 flex flex-col gap-2">
            <p className="text-sm text-amber-300">
              Waiting for your payment to be confirmed.
              {order.expiresAt ? ` Unpaid orders are cancelled at ${formatDateTime(order.expiresAt)}.` : ""}
            </p>
            {order.payment ? (
              <Button onClick={() => void onPay()} disabled={paying}>
                {paying ? "Opening payment..." : `Pay ${formatPrice(order.total)}`}
              </Button>
            ) : null}
          </div>
        ) : null}
        {order.canCancel ? (
          <Button variant="outline" className="mt-3 w-full" onClick={() => setConfirmingCancel(true)} disabled={cancel.isPending}>
            Cancel order
          </Button>
        ) : null}
        <Dialog
          open={confirmingCancel}
          onOpenChange={(open) => !open && !cancel.isPending && setConfirmingCancel(false)}
          title={`Cancel order #${order.number}?`}
          description={
            order.paymentStatus === "captured"
              ? `Your payment of ${formatPrice(order.total)} will be refunded to the way you paid. There is no cancellation fee.`
              : "Nothing will be charged and there is no cancellation fee."
          }
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmingCancel(false)} disabled={cancel.isPending}>
              Keep order
            </Button>
            <Button variant="danger" onClick={onCancel} disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel order"}
            </Button>
          </div>
        </Dialog>
      </section>

      <OrderLines lines={order.lines} productLink={(line) => (line.productId ? `/product/${line.productId}` : null)}>
        <dl className="mt-2 space-y-1 border-t border-neutral-900 pt-3 text-sm">
          <div className="flex justify-between text-neutral-300">
            <dt>Subtotal</dt>
            <dd>{formatPrice(order.subtotal)}</dd>
          </div>
          <div className="flex justify-between text-neutral-300">
            <dt>Delivery</dt>
            <dd>{order.deliveryFee === "0.00" ? "Free" : formatPrice(order.deliveryFee)}</dd>
          </div>
          <div className="flex justify-between text-base font-semibold text-white">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatPrice(order.total)}</dd>
          </div>
          <p className="text-xs text-neutral-400">Inclusive of all taxes</p>
        </dl>
      </OrderLines>
      <DeliveryAddress title="Delivering to" address={address} />
      <OrderTimeline events={order.timeline} />
    </div>
  );
}
