/**
 * An online payment provider, as orders use it. Razorpay implements it today; another provider adds
 * a file beside razorpay.ts. The browser never confirms a payment: only a verified callback
 * signature or a verified webhook does (docs/decisions/101-payments.md).
 */
export interface PaymentProvider {
  readonly name: "razorpay";
  /** The public key the browser's checkout opens with. */
  readonly publicKey: string;
  readonly checkoutScriptUrl: string;
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<{ providerOrderId: string }>;
  /** Whether the signature the checkout handed the browser is the provider's for this order and payment. */
  verifyCallback(input: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean;
  /** null when the signature does not match the raw body (a forged or altered webhook). */
  parseWebhook(rawBody: string, headers: Headers): PaymentWebhookEvent | null;
  refund(providerPaymentId: string, amountPaise: number): Promise<void>;
}

export interface PaymentWebhookEvent {
  /** The provider's event id: a repeat of the same id changes nothing. */
  eventId: string;
  kind: "captured" | "failed" | "ignored";
  providerOrderId: string | null;
  providerPaymentId: string | null;
  amountPaise: number | null;
}
