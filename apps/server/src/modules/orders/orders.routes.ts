import { createRoute, z } from "@hono/zod-openapi";
import { IdParamSchema } from "@reelmart/core/api/catalog";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import {
  AddressInputSchema,
  AddressListSchema,
  AddressSchema,
  AdminOrderActionBodySchema,
  AdminOrderListQuerySchema,
  AdminOrderListSchema,
  AdminOrderSchema,
  CancelOrderBodySchema,
  CheckoutOptionsQuerySchema,
  CheckoutOptionsSchema,
  IdempotencyKeyHeaderSchema,
  OrderCountSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  OrderStatsSchema,
  PaymentCallbackBodySchema,
  PlaceOrderBodySchema,
  countryName,
} from "@reelmart/core/api/orders";
import { countryUsesPostalCodes } from "@reelmart/core/address";
import { DELIVERY_FEE_PAISE, FREE_DELIVERY_FROM_PAISE } from "@reelmart/core/pricing";
import { fromPaise } from "@reelmart/core/format";
import type { Context } from "hono";
import type { RegisterRoutes } from "../../context.ts";
import { badRequest } from "../../shared/errors.ts";
import { errorBody } from "../../http/errors.ts";
import { errorResponse, errorResponses, jsonContent, jsonResponse } from "../../http/routes.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { type AppEnv, requireAdmin, requireViewer } from "../../http/viewer.ts";
import { addAddress, deleteAddress, listAddresses } from "./addresses.service.ts";
import { applyPaymentWebhook, confirmPaymentCallback } from "./payment-events.service.ts";
import { placeOrder } from "./placing.service.ts";
import { countPlacedOrders, getOrder, listOrders, orderStats } from "./reading.service.ts";
import { actAsAdmin, allowedAdminActions, cancelOrderAsShopper } from "./transitions.service.ts";
import { ordersDeps, ordersLoggingTo } from "./unpaid-order-expiry.ts";

const shopperErrors = { ...errorResponses, 404: errorResponse("Not found, or not yours") };
const adminErrors = { ...errorResponses, 403: errorResponse("Not an admin"), 404: errorResponse("Unknown order") };

const checkoutOptionsRoute = createRoute({
  method: "get",
  path: "/checkout/options",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "The selected marketplace's delivery country, delivery fee rule and payment choices",
  request: { query: CheckoutOptionsQuerySchema },
  responses: { 200: jsonResponse(CheckoutOptionsSchema, "Checkout options"), 400: shopperErrors[400], 401: shopperErrors[401] },
});

const listAddressesRoute = createRoute({
  method: "get",
  path: "/me/addresses",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "The shopper's saved delivery addresses, newest first",
  responses: { 200: jsonResponse(AddressListSchema, "Saved addresses"), 401: shopperErrors[401] },
});

const addAddressRoute = createRoute({
  method: "post",
  path: "/me/addresses",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "Save a delivery address (India: 10-digit mobile, state or union territory, 6-digit PIN)",
  request: { body: { required: true, ...jsonContent(AddressInputSchema) } },
  responses: { 201: jsonResponse(AddressSchema, "The saved address"), 400: shopperErrors[400], 401: shopperErrors[401] },
});

const deleteAddressRoute = createRoute({
  method: "delete",
  path: "/me/addresses/{id}",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "Forget a saved address",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, ...shopperErrors },
});

const placeOrderRoute = createRoute({
  method: "post",
  path: "/orders",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "Place the cart as an order (prices and stock from the database; Idempotency-Key makes retries one order)",
  request: { headers: IdempotencyKeyHeaderSchema, body: { required: true, ...jsonContent(PlaceOrderBodySchema) } },
  responses: {
    201: jsonResponse(OrderSchema, "The new order"),
    200: jsonResponse(OrderSchema, "The order this Idempotency-Key already placed"),
    ...shopperErrors,
    409: errorResponse("Empty cart, a line out of stock (field lines.{lineId}, message names the line and what is left), or the same Idempotency-Key still in flight"),
    422: errorResponse("The Idempotency-Key was used with a different body"),
  },
});

const listOrdersRoute = createRoute({
  method: "get",
  path: "/orders",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "The shopper's orders, newest first",
  request: { query: OrderListQuerySchema },
  responses: { 200: jsonResponse(OrderListSchema, "One page of orders"), 400: shopperErrors[400], 401: shopperErrors[401] },
});

const orderCountRoute = createRoute({
  method: "get",
  path: "/me/order-count",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "How many orders the shopper has placed, leaving out those that expired unpaid (the profile's Orders counter)",
  responses: { 200: jsonResponse(OrderCountSchema, "The count"), 401: shopperErrors[401] },
});

const getOrderRoute = createRoute({
  method: "get",
  path: "/orders/{id}",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "One of the shopper's orders with lines and timeline",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(OrderSchema, "The order"), ...shopperErrors },
});

const cancelOrderRoute = createRoute({
  method: "post",
  path: "/orders/{id}/cancel",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "Cancel before shipping (no fee); the stock returns",
  request: { params: IdParamSchema, body: { required: false, ...jsonContent(CancelOrderBodySchema) } },
  responses: { 200: jsonResponse(OrderSchema, "The cancelled order"), ...shopperErrors, 409: errorResponse("Already shipped, delivered or cancelled") },
});

const paymentCallbackRoute = createRoute({
  method: "post",
  path: "/orders/{id}/payment/callback",
  security: SIGNED_IN,
  tags: ["orders"],
  summary: "The provider checkout's success fields; the payment counts only if the signature verifies",
  request: { params: IdParamSchema, body: { required: true, ...jsonContent(PaymentCallbackBodySchema) } },
  responses: { 200: jsonResponse(OrderSchema, "The order after the verified payment"), ...shopperErrors },
});

const WebhookReplySchema = z.object({ status: z.enum(["processed", "duplicate", "ignored"]) });
const webhookRoute = createRoute({
  method: "post",
  path: "/payments/razorpay/webhook",
  tags: ["orders"],
  summary: "Razorpay webhook (payment.captured, order.paid, payment.failed); X-Razorpay-Signature is an HMAC-SHA256 of the raw body",
  description: "The raw JSON body is verified before it is read, so it is not described as a schema here. Repeats of an event id change nothing.",
  request: { headers: z.object({ "x-razorpay-signature": z.string().optional(), "x-razorpay-event-id": z.string().optional() }) },
  responses: {
    200: jsonResponse(WebhookReplySchema, "Applied, or already applied"),
    400: errorResponse("Missing or wrong signature: refused, nothing changed"),
    404: errorResponse("Online payment is not configured"),
  },
});

const adminListRoute = createRoute({
  method: "get",
  path: "/admin/orders",
  tags: ["admin"],
  summary: "All orders, newest first, filtered by status, marketplace and date (admins only)",
  request: { query: AdminOrderListQuerySchema },
  responses: { 200: jsonResponse(AdminOrderListSchema, "One page of orders"), ...adminErrors },
});

const adminStatsRoute = createRoute({
  method: "get",
  path: "/admin/orders/stats",
  tags: ["admin"],
  summary: "Order counts by status and revenue, for the dashboard (admins only)",
  responses: { 200: jsonResponse(OrderStatsSchema, "Counts"), 401: adminErrors[401], 403: adminErrors[403] },
});

const adminGetRoute = createRoute({
  method: "get",
  path: "/admin/orders/{id}",
  tags: ["admin"],
  summary: "One order with lines, timeline, customer and the actions it allows (admins only)",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(AdminOrderSchema, "The order"), ...adminErrors },
});

const adminActionRoute = createRoute({
  method: "post",
  path: "/admin/orders/{id}/actions",
  tags: ["admin"],
  summary: "Ship, deliver, complete, cancel (before delivery; stock returns) or mark returned to origin, with a note",
  request: { params: IdParamSchema, body: { required: true, ...jsonContent(AdminOrderActionBodySchema) } },
  responses: { 200: jsonResponse(AdminOrderSchema, "The order after the action"), ...adminErrors, 409: errorResponse("Not allowed from the order's current status") },
});

export const registerOrderRoutes: RegisterRoutes = (app, appDeps) => {
  const { db } = appDeps.database;
  const deps = ordersDeps(appDeps);
  // For the services that log or send messages: their lines carry the request's id.
  const forRequest = (c: Context<AppEnv>) => ordersLoggingTo(deps, c.var.log, appDeps.config.messageOutboxDir);

  app.openapi(checkoutOptionsRoute, async (c) => {
    const { marketplaceId } = c.req.valid("query");
    const marketplace = marketplaceId
      ? await db.selectFrom("marketplaces").select("country_code").where("id", "=", marketplaceId).where("is_active", "=", true).executeTakeFirst()
      : undefined;
    if (marketplaceId && !marketplace) throw badRequest("Unknown marketplace", "marketplaceId");
    const countryCode = marketplace?.country_code ?? "IN";
    return c.json(
      {
        countryCode,
        countryName: countryName(countryCode),
        usesPostalCodes: countryUsesPostalCodes(countryCode),
        deliveryFee: fromPaise(DELIVERY_FEE_PAISE),
        freeDeliveryFrom: fromPaise(FREE_DELIVERY_FROM_PAISE),
        onlinePayment: deps.provider ? { provider: deps.provider.name } : null,
      },
      200,
    );
  });

  app.openapi(listAddressesRoute, async (c) => c.json(await listAddresses(db, requireViewer(c).userId), 200));
  app.openapi(addAddressRoute, async (c) => c.json(await addAddress(db, requireViewer(c).userId, c.req.valid("json")), 201));
  app.openapi(deleteAddressRoute, async (c) => {
    await deleteAddress(db, requireViewer(c).userId, c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(placeOrderRoute, async (c) => {
    const viewer = requireViewer(c);
    const key = c.req.valid("header")["idempotency-key"];
    const { order, replayed } = await placeOrder(forRequest(c), { id: viewer.userId, email: viewer.email }, c.req.valid("json"), key);
    return replayed ? c.json(order, 200) : c.json(order, 201);
  });

  app.openapi(orderCountRoute, async (c) => c.json({ count: await countPlacedOrders(db, requireViewer(c).userId) }, 200));

  app.openapi(listOrdersRoute, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const page = await listOrders(db, { userId: requireViewer(c).userId, cursor, limit });
    return c.json({ items: page.items.map(({ customerEmail: _email, marketplaceId: _marketplace, ...item }) => item), nextCursor: page.nextCursor }, 200);
  });

  app.openapi(getOrderRoute, async (c) => c.json(await getOrder(deps, requireViewer(c).userId, c.req.valid("param").id), 200));

  app.openapi(cancelOrderRoute, async (c) => {
    // swallowed: a cancel without a JSON body carries no note; the note itself is checked below.
    const body = (await c.req.json().catch(() => ({}))) as unknown;
    const parsed = CancelOrderBodySchema.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, "note");
    return c.json(await cancelOrderAsShopper(forRequest(c), requireViewer(c).userId, c.req.valid("param").id, parsed.data.note), 200);
  });

  app.openapi(paymentCallbackRoute, async (c) =>
    c.json(await confirmPaymentCallback(forRequest(c), requireViewer(c).userId, c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(webhookRoute, async (c) => {
    if (!deps.provider) return c.json(errorBody(ERROR_CODES.notFound, "Online payment is not configured"), 404);
    const event = deps.provider.parseWebhook(await c.req.text(), c.req.raw.headers);
    if (!event) return c.json(errorBody(ERROR_CODES.badRequest, "Invalid webhook signature", "x-razorpay-signature"), 400);
    return c.json({ status: await applyPaymentWebhook(forRequest(c), event) }, 200);
  });

  app.openapi(adminListRoute, async (c) => c.json(await listOrders(db, c.req.valid("query")), 200));
  app.openapi(adminStatsRoute, async (c) => c.json(await orderStats(db), 200));

  const adminOrder = async (c: Context<AppEnv>, id: string) => {
    const order = await getOrder(deps, null, id);
    const owner = await db.selectFrom("orders as o").innerJoin("user as u", "u.id", "o.user_id").select("u.email").where("o.id", "=", id).executeTakeFirstOrThrow();
    return { ...order, customerEmail: owner.email, allowedActions: allowedAdminActions(order.status) };
  };
  app.openapi(adminGetRoute, async (c) => c.json(await adminOrder(c, c.req.valid("param").id), 200));
  app.openapi(adminActionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { action, note } = c.req.valid("json");
    await actAsAdmin(forRequest(c), requireAdmin(c), id, action, note);
    return c.json(await adminOrder(c, id), 200);
  });
};
