import { Package } from "lucide-react";
import { Link } from "react-router";
import { useOrders } from "../../shared/orders/get-orders.ts";
import { OrderRow } from "../../shared/orders/order-row.tsx";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { useSession } from "../../shared/session/use-session.ts";
import { Button } from "../../shared/ui/button.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";

/** /orders: the shopper's orders, newest first. */
export function OrdersPage() {
  const { user } = useSession();
  const orders = useOrders(user?.id ?? null);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="flex min-h-full flex-col pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title="Your orders" />
      {orders.isPending ? (
        <Spinner label="Loading orders" className="py-20" />
      ) : orders.isError ? (
        <p className="px-4 py-10 text-center text-sm text-neutral-400">Your orders could not be loaded. Please try again.</p>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Package />}
          title="No order history"
          description="Orders you place will appear here"
          action={<Link to="/" className="font-semibold text-rose-400 hover:underline">Browse products</Link>}
        />
      ) : (
        <>
          <ul aria-label="Orders" className="divide-y divide-neutral-900 px-4">
            {items.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          {orders.hasNextPage ? (
            <Button variant="outline" className="mx-auto mt-4" disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
              {orders.isFetchingNextPage ? "Loading..." : "Show more orders"}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
