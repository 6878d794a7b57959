import { zodResolver } from "@hookform/resolvers/zod";
import { cartInMarketplace, notSoldSentence } from "@reelmart/core/cart-lines";
import { type AddressInput, AddressInputSchema, type Order, type PaymentMethod, type PlaceOrderBody } from "@reelmart/core/api/orders";
import { toPaise } from "@reelmart/core/format";
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
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { useSession } from "../../shared/session/use-session.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useAddresses } from "./api/get-addresses.ts";
import { usePlaceOrder } from "./api/place-order.ts";
import { DeliveryAddressSection, NEW_ADDRESS } from "./delivery-address-section.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { PaymentSection } from "./payment-section.tsx";
import { PlaceOrderFooter } from "./place-order-footer.tsx";

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
  const totalPaise = subtotalPaise + feePaise;
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
        <DeliveryAddressSection
          saved={saved}
          chosen={chosen}
          onChoose={setAddressChoice}
          form={form}
          countryCode={countryCode}
          countryName={options.data.countryName}
          usesPostalCodes={options.data.usesPostalCodes}
          saveAddress={saveAddress}
          onSaveAddressChange={setSaveAddress}
        />
        <OrderSummary market={market} feePaise={feePaise} totalPaise={totalPaise} marketplaceId={marketplaceId} freeDeliveryFrom={options.data.freeDeliveryFrom} />
        <PaymentSection payment={payment} onChange={setPayment} online={Boolean(options.data.onlinePayment)} />
        <PlaceOrderFooter formError={formError} notSold={notSold} needsChoice={needsChoice} placing={placeOrder.isPending} totalPaise={totalPaise} />
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
