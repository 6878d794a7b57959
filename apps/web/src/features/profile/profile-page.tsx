import * as Tabs from "@radix-ui/react-tabs";
import { ChevronRight, Globe, History, LayoutDashboard, LogOut, Package, Pencil, ShieldCheck, Bookmark } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useCart } from "../../shared/cart/use-cart.ts";
import { BrowseProductsLink, ProductRow } from "../../shared/product/product-row.tsx";
import { MarketplaceRadioList } from "../../shared/marketplace/marketplace-radio-list.tsx";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { useSaved } from "../../shared/saved/use-saved.ts";
import { useSession } from "../../shared/session/use-session.ts";
import { useSignOut } from "../../shared/session/use-sign-out.ts";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { PageSpinner, Spinner } from "../../shared/ui/spinner.tsx";
import { useOrderCount } from "../../shared/orders/get-order-count.ts";
import { useOrders } from "../../shared/orders/get-orders.ts";
import { OrderRow } from "../../shared/orders/order-row.tsx";
import { Avatar } from "./avatar.tsx";
import { DeviceSessions } from "./device-sessions.tsx";
import { MyVideos } from "./my-videos.tsx";
import { EditProfileDialog } from "./edit-profile-dialog.tsx";
import { Price } from "../../shared/product/price.tsx";
import { Button } from "../../shared/ui/button.tsx";

const tabClass =
  "flex-1 border-b-2 border-transparent py-3 text-sm font-medium text-neutral-400 data-[state=active]:border-rose-500 data-[state=active]:text-white focus-visible:outline-2 focus-visible:outline-white";

export function ProfilePage() {
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const cart = useCart();
  const saved = useSaved();
  const orderCount = useOrderCount(user?.id ?? null);
  const [editing, setEditing] = useState(false);
  if (!user) return <PageSpinner />;

  return (
    <section className="flex flex-col px-4 pt-6 pb-[calc(var(--bottom-nav-height)+1.5rem)]">
      <header className="flex items-center gap-4">
        <Avatar url={user.avatarUrl} name={user.name} size={72} />
        <div className="min-w-0 flex-1">
          {/* The whole name and email, wrapped where the line is too short; the badge goes under a long name. */}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h1 className="min-w-0 text-xl font-semibold wrap-break-word text-white">{user.name}</h1>
            {user.isAdmin ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-rose-500/15 px-2 py-0.5 text-xs font-semibold text-rose-300">
                <ShieldCheck aria-hidden="true" className="size-3" /> Admin
              </span>
            ) : null}
          </div>
          <p className="text-sm wrap-anywhere text-neutral-400">{user.email}</p>
        </div>
        <Button
          variant="bare"
          onClick={() => setEditing(true)}
          className="inline-flex items-center gap-1.5 rounded-full border border-neutral-700 px-3 py-1.5 text-sm font-medium text-neutral-100 hover:bg-neutral-900"
        >
          <Pencil aria-hidden="true" className="size-3.5" /> Edit
        </Button>
      </header>

      <div className="mt-5 flex flex-col gap-2">
        {user.isAdmin ? (
          <Link to="/admin" className="flex items-center justify-center gap-2 rounded-full bg-white px-4 py-2.5 font-semibold text-black">
            <LayoutDashboard aria-hidden="true" className="size-4" /> Admin Dashboard
          </Link>
        ) : null}
        <Link
          to="/account/security"
          className="flex items-center justify-center gap-2 rounded-full border border-neutral-700 px-4 py-2.5 font-medium text-neutral-100 hover:bg-neutral-900"
        >
          <ShieldCheck aria-hidden="true" className="size-4" /> Account security
        </Link>
        <Button
          variant="bare"
          onClick={() => void signOut()}
          disabled={isSigningOut}
          className="flex items-center justify-center gap-2 rounded-full border border-neutral-700 px-4 py-2.5 font-medium text-neutral-100 hover:bg-neutral-900 disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-4" /> {isSigningOut ? "Signing Out..." : "Sign Out"}
        </Button>
      </div>

      <dl className="mt-6 grid grid-cols-3 divide-x divide-neutral-800 rounded-2xl border border-neutral-800 bg-neutral-950 py-3 text-center">
        <Counter label="Orders" value={orderCount.data} />
        <Counter label="Reviews" value={0} />
        <Counter label="Saved" value={saved.ids.length} />
      </dl>

      <Tabs.Root defaultValue="saved" className="mt-6">
        <Tabs.List aria-label="Your activity" className="flex border-b border-neutral-800">
          <Tabs.Trigger value="saved" className={tabClass}>
            Saved
          </Tabs.Trigger>
          <Tabs.Trigger value="purchases" className={tabClass}>
            Purchases
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className={tabClass}>
            History
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="saved" className="pt-2">
          {saved.items.length === 0 ? (
            <EmptyState
              icon={<Bookmark />}
              title="No saved items"
              description="Items you save will appear here"
              action={<BrowseProductsLink />}
            />
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-900">
              {saved.items.map((item) => (
                <ProductRow
                  key={item.productId}
                  productId={item.productId}
                  product={item.product}
                  detail={item.product ? <Price price={item.product.price} discountPercentage={item.product.discountPercentage} /> : null}
                  action={<ChevronRight aria-hidden="true" className="size-4 text-neutral-600" />}
                />
              ))}
            </ul>
          )}
        </Tabs.Content>
        <Tabs.Content value="purchases" className="pt-2">
          {cart.items.length === 0 ? (
            <EmptyState icon={<Package />} title="No pending orders" />
          ) : (
            <ul className="flex flex-col divide-y divide-neutral-900">
              {cart.items.map((item) => (
                <ProductRow
                  key={item.id}
                  productId={item.productId}
                  product={item.product}
                  detail={
                    <Price price={item.product.price} discountPercentage={item.product.discountPercentage} priceAdjustment={item.variant?.priceAdjustment} suffix={`× ${item.quantity}`} />
                  }
                  action={<ChevronRight aria-hidden="true" className="size-4 text-neutral-600" />}
                />
              ))}
            </ul>
          )}
        </Tabs.Content>
        <Tabs.Content value="history" className="pt-2">
          <OrderHistory userId={user.id} />
        </Tabs.Content>
      </Tabs.Root>

      <MyVideos />
      <SettingsSection />
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
    </section>
  );
}

/** History lists the shopper's orders; the spec's 'No order history' is its empty state (decision 102). */
function OrderHistory({ userId }: { userId: string }) {
  const orders = useOrders(userId);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  if (orders.isPending) return <Spinner label="Loading orders" className="py-10" />;
  if (!items.length) return <EmptyState icon={<History />} title="No order history" />;
  return (
    <>
      <ul aria-label="Order history" className="flex flex-col divide-y divide-neutral-900">
        {items.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ul>
      <Link to="/orders" className="mt-3 block text-center text-sm font-semibold text-rose-400 hover:underline">
        All orders
      </Link>
    </>
  );
}

/** `value` undefined while it loads (or when it cannot be had): a dash, never a 0 that is not true. */
function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-xs text-neutral-400">{label}</dt>
      <dd className="text-lg font-semibold text-white">{value ?? "–"}</dd>
    </div>
  );
}

function SettingsSection() {
  const marketplace = useMarketplace();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="settings-heading" className="mt-8">
      <h2 id="settings-heading" className="mb-2 text-sm font-semibold tracking-wide text-neutral-400 uppercase">
        Settings
      </h2>
      <Button
        variant="bare"
        onClick={() => setOpen(true)}
        className="flex w-full items-center gap-3 rounded-2xl border border-neutral-800 bg-neutral-950 px-4 py-3 text-left hover:bg-neutral-900"
      >
        <Globe aria-hidden="true" className="size-5 text-neutral-400" />
        <span className="flex-1">
          <span className="block font-medium text-white">Marketplace</span>
          <span className="block text-sm text-neutral-400">{marketplace.selected?.name ?? "Not selected"}</span>
        </span>
        {marketplace.selected ? <img src={marketplace.selected.flagUrl} alt="" width={24} height={16} className="h-4 w-6 rounded-sm object-cover" /> : null}
        <ChevronRight aria-hidden="true" className="size-4 text-neutral-600" />
      </Button>
      <DeviceSessions />
      <Dialog open={open} onOpenChange={setOpen} title="Select Your Marketplace">
        <MarketplaceRadioList
          marketplaces={marketplace.marketplaces}
          isLoading={marketplace.isLoading}
          value={marketplace.selectedId}
          label="Marketplace"
          onChoose={(id) => {
            // 000 §8: a failed marketplace change is only logged (select has said what it could).
            void marketplace.select(id).then(() => setOpen(false)).catch((error: unknown) => console.error("Changing the marketplace failed", error));
          }}
        />
      </Dialog>
    </section>
  );
}
