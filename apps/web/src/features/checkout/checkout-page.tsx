import { zodResolver } from "@hookform/resolvers/zod";
import { cartInMarketplace, notSoldSentence, variantLabel } from "@reelmart/core/cart-lines";
import { type AddressInput, AddressInputSchema, type Order, type PaymentMethod, type PlaceOrderBody } from "@reelmart/core/api/orders";
import { formatPrice, fromPaise, toPaise } from "@reelmart/core/format";
import { deliveryFeePaise } from "@reelmart/core/pricing";
import { useQueryClient } from "@tanstack/react-query";
import { ShoppingCart } from "lucide-react";
import { useState } from "react";
import { type Path, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { ApiRequestError } from "../../shared/api/client.ts";
import { shopperMessage } from "../../shared/api/shopper-message.ts";
import { useCart } from "../../shared/cart/use-cart.ts";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { useCheckoutOptions } from "../../shared/orders/get-checkout-options.ts";
import { orderQueryKey, ordersQueryKey } from "../../shared/orders/get-orders.ts";
import { payOnline } from "../../shared/orders/pay-online.ts";
import { RupeesNote } from "../../shared/orders/rupees-note.tsx";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { useSession } from "../../shared/session/use-session.ts";
import { Button } from "../../shared/ui/button.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { AddressFields } from "./address-form.tsx";
import { useAddresses } from "./api/get-addresses.ts";
import { usePlaceOrder } from "./api/place-order.ts";

const NEW_ADDRESS = "new";

/** /checkout: delivery address, order summary at the server's prices, payment choice, Place order. */
export function CheckoutPage() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const cart = useCart();
  const { selectedId: marketplaceId, selected } = useMarketplace();
  const options = useCheckoutOptions(marketplaceId);
  const addresses = useAddresses(userId);
  const placeOrder = usePlaceOrder(userId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [addressChoice, setAddressChoice] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>("cod");
  const [saveAddress, setSaveAddress] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);

  const countryCode = options.data?.countryCode ?? "IN";
  const form = useForm<AddressInput>({
    resolver: zodResolver(AddressInputSchema),
    defaultValues: { name: user?.name ?? "", phone: "", line1: "", line2: "", city: "", state: "", postalCode: "", countryCode },
  });

  if (cart.isLoading || options.isPending || addresses.isPending) return <Spinner label="Loading checkout" className="py-20" />;
  if (options.isError || addresses.isError) {
    return (
      <Page>
        <p className="px-4 py-10 text-center text-sm text-neutral-400">Checkout could not be loaded. Please try again.</p>
      </Page>
    );
  }
  if (!cart.items.length) {
    return (
      <Page>
        <EmptyState icon={<ShoppingCart />} title="Your cart is empty" description="Add products to your cart to check out" action={<Link to="/" className="font-semibold text-rose-400 hover:underline">Browse products</Link>} />
      </Page>
    );
  }

  const saved = addresses.data.items.filter((address) => address.countryCode === countryCode);
  const chosen = addressChoice ?? saved[0]?.id ?? NEW_ADDRESS;
  // The order holds only what the marketplace lists; the rest stops it until removed (decision 212).
  const market = cartInMarketplace(cart.items, marketplaceId);
  const notSold = market.unsold.length ? notSoldSentence(market.unsold.map((item) => item.product.title), selected?.name ?? "this marketplace") : null;
  const subtotalPaise = toPaise(market.total);
  const feePaise = deliveryFeePaise(subtotalPaise);
  const needsChoice = cart.items.some((item) => item.product.hasVariants && !item.variant);

  const finish = async (order: Order) => {
    void queryClient.invalidateQueries({ queryKey: ordersQueryKey(userId) });
    if (order.paymentMethod === "online" && order.payment) {
      try {
        const paid = await payOnline(order, order.payment, { name: order.shippingAddress.name, email: user?.email, contact: order.shippingAddress.phone });
        if (paid) queryClient.setQueryData(orderQueryKey(paid.id), paid);
      } catch (error) {
        toast.error("Payment could not be completed", { description: error instanceof Error ? error.message : "Please try again" });
      }
    }
    void navigate(`/orders/${order.id}`, { replace: true, state: { placed: true } });
  };

  const submit = async (address: AddressInput | null) => {
    setFormError(null);
    const body: PlaceOrderBody = {
      marketplaceId,
      paymentMethod: payment,
      ...(address ? { address: { ...address, countryCode }, saveAddress } : { addressId: chosen }),
    };
    try {
      await finish(await placeOrder.mutateAsync(body));
    } catch (error) {
      // A second click while the first is still being placed: the first one's answer will arrive.
      if (error instanceof ApiRequestError && error.status === 409 && error.field === "idempotency-key") return;
      const message = shopperMessage(error);
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field?.startsWith("address.")) form.setError(field.slice("address.".length) as Path<AddressInput>, { message });
      else setFormError(message);
    }
  };

  const onPlace = chosen === NEW_ADDRESS ? form.handleSubmit((address) => submit(address)) : () => submit(null);

  return (
    <Page>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onPlace(event);
        }}
        className="flex flex-col gap-4 px-4 pt-4"
      >
        <section aria-labelledby="delivery-heading" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
          <h2 id="delivery-heading" className="text-base font-semibold">
            Delivery address
          </h2>
          {saved.length ? (
            <fieldset className="mt-3 grid gap-2">
              <legend className="sr-only">Choose a delivery address</legend>
              {saved.map((address) => (
                <label key={address.id} className="flex gap-3 rounded-xl border border-neutral-800 p-3 text-sm has-[:checked]:border-rose-500">
                  <input type="radio" name="address" value={address.id} checked={chosen === address.id} onChange={() => setAddressChoice(address.id)} className="mt-1 accent-rose-500" />
                  <span>
                    <span className="block font-medium text-white">{address.name}</span>
                    <span className="block text-neutral-400">
                      {[address.line1, address.line2, address.city, address.state, address.postalCode].filter(Boolean).join(", ")}
                    </span>
                    <span className="block text-neutral-400">{address.phone}</span>
                  </span>
                </label>
              ))}
              <label className="flex items-center gap-3 rounded-xl border border-neutral-800 p-3 text-sm has-[:checked]:border-rose-500">
                <input type="radio" name="address" value={NEW_ADDRESS} checked={chosen === NEW_ADDRESS} onChange={() => setAddressChoice(NEW_ADDRESS)} className="accent-rose-500" />
                Add a new address
              </label>
            </fieldset>
          ) : null}
          {chosen === NEW_ADDRESS ? (
            <div className="mt-4">
              <AddressFields
                register={form.register}
                errors={form.formState.errors}
                countryCode={countryCode}
                countryName={options.data.countryName}
                usesPostalCodes={options.data.usesPostalCodes}
              />
              <label className="mt-4 flex items-center gap-2 text-sm text-neutral-200">
                <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} className="size-4 accent-rose-500" />
                Save this address for next time
              </label>
            </div>
          ) : null}
        </section>

        <section aria-labelledby="summary-heading" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
          <h2 id="summary-heading" className="text-base font-semibold">
            Order summary
          </h2>
          <ul aria-label="Items in this order" className="mt-3 divide-y divide-neutral-900">
            {market.sold.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-2 text-sm">
                <ProductImage src={item.product.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg" />
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-1 font-medium text-white">{item.product.title}</p>
                  <p className="text-xs text-neutral-400">
                    {[variantLabel(item.variant), `${item.quantity} × ${formatPrice(item.unitPrice)}`].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <p className="font-medium text-white">{formatPrice(item.lineTotal)}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-neutral-900 pt-3 text-sm">
            <div className="flex justify-between text-neutral-300">
              <dt>
                Subtotal ({market.totalQuantity} {market.totalQuantity === 1 ? "item" : "items"})
              </dt>
              <dd>{formatPrice(market.total)}</dd>
            </div>
            <div className="flex justify-between text-neutral-300">
              <dt>Delivery</dt>
              <dd>{feePaise ? formatPrice(fromPaise(feePaise)) : "Free"}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold text-white">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatPrice(fromPaise(subtotalPaise + feePaise))}</dd>
            </div>
            <p className="text-xs text-neutral-400">Inclusive of all taxes</p>
            <RupeesNote marketplaceId={marketplaceId} />
            {feePaise ? <p className="text-xs text-neutral-400">Free delivery on orders from {formatPrice(options.data.freeDeliveryFrom)}</p> : null}
          </dl>
        </section>

        <section aria-labelledby="payment-heading" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
          <h2 id="payment-heading" className="text-base font-semibold">
            Payment
          </h2>
          <fieldset className="mt-3 grid gap-2">
            <legend className="sr-only">Choose how to pay</legend>
            <PaymentOption value="cod" checked={payment === "cod"} onChange={setPayment} title="Cash on delivery" detail="Pay in cash when your order arrives" />
            {options.data.onlinePayment ? (
              <PaymentOption value="online" checked={payment === "online"} onChange={setPayment} title="Pay online" detail="UPI, cards and net banking through Razorpay" />
            ) : null}
          </fieldset>
        </section>

        {formError ? (
          <p role="alert" className="rounded-xl bg-red-500/10 px-4 py-3 text-sm text-red-300">
            {formError}
          </p>
        ) : null}
        {notSold ? (
          <p className="text-sm text-amber-400">
            {notSold}{" "}
            <Link to="/cart" className="underline">
              Go to your cart
            </Link>
          </p>
        ) : null}
        {needsChoice ? (
          <p className="text-sm text-amber-400">
            Choose a size or colour for every item in your <Link to="/cart" className="underline">cart</Link> first.
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={needsChoice || notSold !== null || placeOrder.isPending}>
          {placeOrder.isPending ? "Placing order..." : `Place order · ${formatPrice(fromPaise(subtotalPaise + feePaise))}`}
        </Button>
      </form>
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-full flex-col pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1.5rem)]">
      <PageHeader title="Checkout" />
      {children}
    </div>
  );
}

function PaymentOption(props: { value: PaymentMethod; checked: boolean; onChange(value: PaymentMethod): void; title: string; detail: string }) {
  return (
    <label className="flex gap-3 rounded-xl border border-neutral-800 p-3 text-sm has-[:checked]:border-rose-500">
      <input type="radio" name="payment" value={props.value} checked={props.checked} onChange={() => props.onChange(props.value)} className="mt-1 accent-rose-500" />
      <span>
        <span className="block font-medium text-white">{props.title}</span>
        <span className="block text-neutral-400">{props.detail}</span>
      </span>
    </label>
  );
}
