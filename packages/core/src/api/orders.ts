import { z } from "zod";
import {
  COUNTRY_NAMES,
  countryUsesPostalCodes,
  isIndianMobile,
  isIndianStateOrTerritory,
  isValidPostalCode,
  normalizeIndianMobile,
} from "../address.ts";
import { MoneySchema } from "./catalog.ts";
import { UuidSchema } from "./ids.ts";
import { safeText } from "./text.ts";

// Checkout and orders (issue #13, docs/decisions/100-orders.md). Money is a 2-place decimal string
// on the wire, integer paise in the database; the server prices every order itself.

export const ADDRESS_MESSAGES = {
  mobile: "Enter a 10-digit mobile number",
  phone: "Enter a valid phone number",
  state: "Choose a state or union territory",
  pin: "Enter a valid 6-digit PIN code",
  postalCode: "Enter a valid postal code",
} as const;

const text = (label: string, max: number) => safeText(label).trim().max(max);

const AddressFieldsSchema = z.object({
  name: text("Full name", 100).min(1),
  phone: safeText("Phone number").trim().max(20, { error: () => ADDRESS_MESSAGES.phone }),
  line1: text("Address", 200).min(1),
  line2: text("Address line 2", 200).optional().default(""),
  city: text("City", 100).min(1),
  state: text("State", 100),
  postalCode: safeText("Postal code").trim().max(12, { error: () => ADDRESS_MESSAGES.postalCode }),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
});

/** A delivery address, with the country's rules: India's mobile, state/UT list and PIN; others' postal codes. */
export const AddressInputSchema = AddressFieldsSchema.superRefine((address, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (address.countryCode === "IN") {
    if (!isIndianMobile(address.phone)) issue("phone", ADDRESS_MESSAGES.mobile);
    if (!isIndianStateOrTerritory(address.state)) issue("state", ADDRESS_MESSAGES.state);
    if (!isValidPostalCode(address.postalCode, "IN")) issue("postalCode", ADDRESS_MESSAGES.pin);
    return;
  }
  if (!/^\+?[\d\s-]{7,20}$/.test(address.phone)) issue("phone", ADDRESS_MESSAGES.phone);
  if (countryUsesPostalCodes(address.countryCode) && !isValidPostalCode(address.postalCode, address.countryCode)) {
    issue("postalCode", ADDRESS_MESSAGES.postalCode);
  }
}).transform((address) => (address.countryCode === "IN" ? { ...address, phone: normalizeIndianMobile(address.phone) } : address));
export type AddressInput = z.input<typeof AddressInputSchema>;

export const AddressSchema = AddressFieldsSchema.extend({ id: z.string(), line2: z.string() });
export type Address = z.infer<typeof AddressSchema>;
export const AddressListSchema = z.object({ items: z.array(AddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

export const ORDER_STATUSES = ["pending_payment", "placed", "shipped", "delivered", "completed", "cancelled", "returned"] as const;
export const PAYMENT_STATUSES = ["pending", "authorized", "captured", "failed", "refunded", "voided"] as const;
export const DELIVERY_STATUSES = ["unfulfilled", "shipped", "delivered", "returned"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const PaymentMethodSchema = z.enum(["cod", "online"]);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PlaceOrderBodySchema = z
  .object({
    marketplaceId: UuidSchema.nullish(),
    /** A saved address of the shopper's, or a new one (saved when saveAddress). */
    addressId: UuidSchema.optional(),
    address: AddressInputSchema.optional(),
    saveAddress: z.boolean().optional().default(false),
    paymentMethod: PaymentMethodSchema,
  })
  .refine((body) => Boolean(body.addressId) !== Boolean(body.address), { message: "Choose a saved address or enter a new one", path: ["address"] });
export type PlaceOrderBody = z.input<typeof PlaceOrderBodySchema>;

/** The header that makes a retried placement one order (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IdempotencyKeyHeaderSchema = z.object({
  "idempotency-key": z.string().trim().min(8, "must be at least 8 characters").max(255, "must be at most 255 characters").optional(),
});

export const OrderLineSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  /** The video the shopper bought from, when known (attribution). */
  mediaId: z.string().nullable(),
  title: z.string(),
  variantLabel: z.string().nullable(),
  imageUrl: z.string().nullable(),
  unitPrice: MoneySchema,
  quantity: z.number().int().positive(),
  lineTotal: MoneySchema,
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  actor: z.enum(["shopper", "admin", "system", "provider"]),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** What the browser needs to open the provider's checkout for a pending online order. */
export const OnlinePaymentSchema = z.object({
  provider: z.literal("razorpay"),
  keyId: z.string(),
  providerOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.string(),
  checkoutScriptUrl: z.string(),
});
export type OnlinePayment = z.infer<typeof OnlinePaymentSchema>;

const OrderBaseSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  paymentMethod: PaymentMethodSchema,
  subtotal: MoneySchema,
  deliveryFee: MoneySchema,
  total: MoneySchema,
  currency: z.string(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});

export const OrderSummarySchema = OrderBaseSchema.extend({
  title: z.string(),
  imageUrl: z.string().nullable(),
  lineCount: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderSchema = OrderBaseSchema.extend({
  marketplaceId: z.string().nullable(),
  shippingAddress: AddressFieldsSchema.extend({ line2: z.string() }),
  expiresAt: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  timeline: z.array(OrderEventSchema),
  /** The shopper may still cancel (before shipping). */
  canCancel: z.boolean(),
  payment: OnlinePaymentSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.object({ items: z.array(OrderSummarySchema), nextCursor: z.string().nullable() });
export type OrderList = z.infer<typeof OrderListSchema>;

/** GET /api/me/order-count: the profile's Orders counter, every order placed but those that expired unpaid (decision 216). */
export const OrderCountSchema = z.object({ count: z.number().int().nonnegative() });
export type OrderCount = z.infer<typeof OrderCountSchema>;

export const OrderListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const CancelOrderBodySchema = z.object({ note: safeText("Note").trim().max(500).optional() });

/** The provider checkout's success handler fields, forwarded by the browser and verified by signature. */
export const PaymentCallbackBodySchema = z.object({
  providerOrderId: z.string().min(1).max(100),
  providerPaymentId: z.string().min(1).max(100),
  signature: z.string().min(1).max(200),
});
export type PaymentCallbackBody = z.infer<typeof PaymentCallbackBodySchema>;

export const CheckoutOptionsQuerySchema = z.object({ marketplaceId: UuidSchema.optional() });
export const CheckoutOptionsSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  usesPostalCodes: z.boolean(),
  deliveryFee: MoneySchema,
  freeDeliveryFrom: MoneySchema,
  onlinePayment: z.object({ provider: z.literal("razorpay") }).nullable(),
});
export type CheckoutOptions = z.infer<typeof CheckoutOptionsSchema>;

export const countryName = (code: string) => COUNTRY_NAMES[code] ?? code;

// Admin

export const ADMIN_ORDER_ACTIONS = ["ship", "deliver", "complete", "cancel", "return"] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

export const AdminOrderListQuerySchema = OrderListQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  marketplaceId: UuidSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuerySchema>;

export const AdminOrderSummarySchema = OrderSummarySchema.extend({ customerEmail: z.string(), marketplaceId: z.string().nullable() });
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;
export const AdminOrderListSchema = z.object({ items: z.array(AdminOrderSummarySchema), nextCursor: z.string().nullable() });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

export const AdminOrderSchema = OrderSchema.extend({ customerEmail: z.string(), allowedActions: z.array(z.enum(ADMIN_ORDER_ACTIONS)) });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderActionBodySchema = z.object({
  action: z.enum(ADMIN_ORDER_ACTIONS),
  note: safeText("Note").trim().max(500).optional(),
});
export type AdminOrderActionBody = z.infer<typeof AdminOrderActionBodySchema>;

export const OrderStatsSchema = z.object({
  orders: z.number().int(),
  ordersToday: z.number().int(),
  /** Sum of totals of orders not cancelled, returned or awaiting payment. */
  revenue: MoneySchema,
  byStatus: z.record(z.string(), z.number().int()),
});
export type OrderStats = z.infer<typeof OrderStatsSchema>;
