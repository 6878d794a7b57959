import type { OnlinePayment, Order, PaymentCallbackBody } from "@reelmart/core/api/orders";
import { apiRequest } from "../api/client.ts";

// Opens the provider's checkout for a pending online order. The page never decides that a payment
// succeeded: it forwards the checkout's signed fields, and the server verifies them (or the webhook).

interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  handler(response: RazorpaySuccess): void;
  modal?: { ondismiss?: () => void };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
  }
}

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      reject(new Error("The payment page could not be loaded. Check your connection and try again."));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

/**
 * Resolves with the order after a verified payment, or null when the shopper closed the checkout
 * (the order then waits for the webhook or a new attempt until it expires).
 */
export async function payOnline(order: Pick<Order, "id" | "number">, payment: OnlinePayment, prefill: RazorpayOptions["prefill"]): Promise<Order | null> {
  await loadScript(payment.checkoutScriptUrl);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error("The payment page could not be loaded. Please try again.");
  const fields = await new Promise<RazorpaySuccess | null>((resolve) => {
    new Razorpay({
      key: payment.keyId,
      amount: payment.amountPaise,
      currency: payment.currency,
      order_id: payment.providerOrderId,
      name: "Reelmart",
      description: `Order #${order.number}`,
      prefill,
      handler: resolve,
      modal: { ondismiss: () => resolve(null) },
    }).open();
  });
  if (!fields) return null;
  const body: PaymentCallbackBody = {
    providerOrderId: fields.razorpay_order_id,
    providerPaymentId: fields.razorpay_payment_id,
    signature: fields.razorpay_signature,
  };
  return apiRequest<Order>(`/orders/${encodeURIComponent(order.id)}/payment/callback`, { method: "POST", body });
}
