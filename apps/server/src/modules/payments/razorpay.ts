import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentProvider, PaymentWebhookEvent } from "./payment-provider.ts";

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a local stand-in in tests. */
  apiUrl: string;
  checkoutScriptUrl: string;
}

const hmacHex = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("hex");

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export class PaymentProviderError extends Error {}

interface RazorpayPaymentEntity {
  id?: string;
  order_id?: string;
  amount?: number;
}

/** Razorpay's Orders API, checkout signature and webhook signature (X-Razorpay-Signature over the raw body). */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;

  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${options.apiUrl}${path}`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new PaymentProviderError(`Razorpay ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as T;
  }

  return {
    name: "razorpay",
    publicKey: options.keyId,
    checkoutScriptUrl: options.checkoutScriptUrl,

    async createOrder({ amountPaise, currency, receipt, notes }) {
      const order = await call<{ id: string }>("/v1/orders", { amount: amountPaise, currency, receipt, notes });
      return { providerOrderId: order.id };
    },

    verifyCallback({ providerOrderId, providerPaymentId, signature }) {
      return sameHex(hmacHex(options.keySecret, `${providerOrderId}|${providerPaymentId}`), signature);
    },

    parseWebhook(rawBody, headers) {
      const signature = headers.get("x-razorpay-signature") ?? "";
      if (!signature || !sameHex(hmacHex(options.webhookSecret, rawBody), signature)) return null;
      let event: { event?: string; payload?: { payment?: { entity?: RazorpayPaymentEntity } } };
      try {
        event = JSON.parse(rawBody);
      } catch {
        // swallowed: a signed body that is not JSON is answered 400 by the route, as any invalid webhook.
        return null;
      }
      const payment = event.payload?.payment?.entity;
      // Razorpay sends the event id as a header; a body hash stands in for an event without one.
      const eventId = headers.get("x-razorpay-event-id") ?? `body:${hmacHex("event", rawBody)}`;
      const kind: PaymentWebhookEvent["kind"] =
        event.event === "payment.captured" || event.event === "order.paid" ? "captured" : event.event === "payment.failed" ? "failed" : "ignored";
      return {
        eventId,
        kind,
        providerOrderId: payment?.order_id ?? null,
        providerPaymentId: payment?.id ?? null,
        amountPaise: typeof payment?.amount === "number" ? payment.amount : null,
      };
    },

    async refund(providerPaymentId, amountPaise) {
      await call(`/v1/payments/${encodeURIComponent(providerPaymentId)}/refund`, { amount: amountPaise });
    },
  };
}
