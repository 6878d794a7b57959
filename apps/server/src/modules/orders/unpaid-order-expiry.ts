import type { AppDeps } from "../../context.ts";
import type { Logger } from "../../logger.ts";
import { createLogDelivery } from "../auth/delivery.ts";
import { createRazorpayProvider } from "../payments/razorpay.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import { expireUnpaidOrders } from "./transitions.service.ts";

/** How often a server instance looks for unpaid online orders past their time. */
const EXPIRY_SWEEP_MS = 60_000;

/** What the order routes and the expiry sweep work with, built from the app's parts. */
export function ordersDeps({ config, database: { db }, logger }: Pick<AppDeps, "config" | "database" | "logger">): OrdersDeps {
  const provider = config.razorpay ? createRazorpayProvider(config.razorpay) : undefined;
  return ordersLoggingTo({ db, provider, paymentTimeoutMinutes: config.orderPaymentTimeoutMinutes }, logger, config.messageOutboxDir);
}

/**
 * `deps` writing their lines, and the delivery lines of the messages they send, through `logger`:
 * the app's, or a request's (c.var.log, which carries its id).
 */
export function ordersLoggingTo(deps: Omit<OrdersDeps, "logger" | "delivery">, logger: Logger, outboxDir: string | undefined): OrdersDeps {
  return { ...deps, logger, delivery: createLogDelivery(logger, outboxDir) };
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
