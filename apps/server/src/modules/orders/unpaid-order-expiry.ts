import type { AppDeps } from "../../context.ts";
import { createLogDelivery } from "../auth/delivery.ts";
import { createRazorpayProvider } from "../payments/razorpay.ts";
import { type OrdersDeps, expireUnpaidOrders } from "./orders.service.ts";

/** How often a server instance looks for unpaid online orders past their time. */
const EXPIRY_SWEEP_MS = 60_000;

/** What the order routes and the expiry sweep work with, built from the app's parts. */
export function ordersDeps({ config, database: { db }, logger }: Pick<AppDeps, "config" | "database" | "logger">): OrdersDeps {
  return {
    db,
    logger,
    delivery: createLogDelivery(logger, config.messageOutboxDir),
    provider: config.razorpay ? createRazorpayProvider(config.razorpay) : undefined,
    paymentTimeoutMinutes: config.orderPaymentTimeoutMinutes,
  };
}

/**
 * Expires unpaid online orders once a minute (decision 101) while the server runs. Only with a
 * payment provider (cash-on-delivery orders never wait for payment), and not under NODE_ENV=test,
 * whose tests call expireUnpaidOrders at the moment they choose.
 */
export function scheduleUnpaidOrderExpiry(app: Pick<AppDeps, "config" | "database" | "logger" | "tasks">): void {
  const deps = ordersDeps(app);
  if (!deps.provider || app.config.env === "test") return;
  app.tasks.every("unpaid order expiry", EXPIRY_SWEEP_MS, () => expireUnpaidOrders(deps));
}
