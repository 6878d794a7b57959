import { createHmac, randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Razorpay (no network in tests): the Orders and Refunds APIs with Basic auth,
// a checkout.js whose "Pay" button pays through this server, and signed webhooks sent to ours.
// The server talks to it through its real client (modules/payments/razorpay.ts).

export interface RazorpayStandInOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where payment webhooks go, e.g. http://127.0.0.1:3150/api/payments/razorpay/webhook. */
  webhookUrl: string;
  port?: number;
  /**
   * When false, the checkout's Pay button records the payment but neither calls the page's handler
   * nor sends the webhook: the test sends it with sendCapturedWebhook (a UPI-style wait).
   */
  autoConfirm?: boolean;
}

export interface StandInOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: "created" | "paid";
  paymentId: string | null;
}

export interface RazorpayStandIn {
  url: string;
  orders: Map<string, StandInOrder>;
  refunds: Array<{ paymentId: string; amount: number }>;
  /** Pays an order as a shopper would in the checkout; returns the fields the checkout hands the page. */
  pay(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** Sends a signed payment.captured webhook for a paid order; returns our server's status. */
  sendCapturedWebhook(orderId: string, options?: { eventId?: string; secret?: string; amount?: number }): Promise<number>;
  close(): Promise<void>;
}

const hmac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("hex");

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown, type = "application/json") {
  response.writeHead(status, { "content-type": type, "access-control-allow-origin": "*", "access-control-allow-headers": "content-type" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** The browser side: window.Razorpay(options).open() shows a sheet with a Pay button. */
const checkoutScript = (origin: string) => `(() => {
  window.Razorpay = function (options) {
    this.open = function () {
      const sheet = document.createElement("div");
      sheet.setAttribute("role", "dialog");
      sheet.setAttribute("aria-label", "Razorpay test checkout");
      sheet.style.cssText = "position:fixed;inset:auto 0 0 0;z-index:9999;background:#fff;color:#111;padding:24px;font:16px sans-serif";
      const pay = document.createElement("button");
      pay.textContent = "Pay ₹" + (options.amount / 100).toFixed(2) + " (test)";
      pay.onclick = async function () {
        pay.disabled = true;
        const reply = await fetch(${JSON.stringify(origin)} + "/test/pay", { method: "POST", body: JSON.stringify({ order_id: options.order_id }) });
        const fields = await reply.json();
        sheet.remove();
        if (fields.razorpay_signature) options.handler(fields);
      };
      sheet.append(pay);
      document.body.append(sheet);
    };
  };
})();`;

export async function startRazorpayStandIn(options: RazorpayStandInOptions): Promise<RazorpayStandIn> {
  const orders = new Map<string, StandInOrder>();
  const refunds: Array<{ paymentId: string; amount: number }> = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;

  function pay(orderId: string) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`stand-in: no order ${orderId}`);
    order.paymentId ??= `pay_${randomBytes(7).toString("hex")}`;
    order.status = "paid";
    return {
      razorpay_order_id: order.id,
      razorpay_payment_id: order.paymentId,
      razorpay_signature: hmac(options.keySecret, `${order.id}|${order.paymentId}`),
    };
  }

  async function sendCapturedWebhook(orderId: string, extra: { eventId?: string; secret?: string; amount?: number } = {}) {
    const order = orders.get(orderId);
    if (!order?.paymentId) throw new Error(`stand-in: order ${orderId} is not paid`);
    const body = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      contains: ["payment"],
      payload: {
        payment: {
          entity: { id: order.paymentId, entity: "payment", amount: extra.amount ?? order.amount, currency: order.currency, status: "captured", order_id: order.id },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-razorpay-event-id": extra.eventId ?? `evt_${randomBytes(7).toString("hex")}`,
        "x-razorpay-signature": hmac(extra.secret ?? options.webhookSecret, body),
      },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (request.method === "OPTIONS") return send(response, 204, "");
    if (request.method === "GET" && url.pathname === "/v1/checkout.js") return send(response, 200, checkoutScript(standIn.url), "text/javascript");
    if (request.method === "POST" && url.pathname === "/test/pay") {
      const { order_id } = JSON.parse((await readBody(request)) || "{}") as { order_id?: string };
      if (!order_id || !orders.has(order_id)) return send(response, 404, { error: { description: "order not found" } });
      const fields = pay(order_id);
      if (options.autoConfirm === false) return send(response, 200, {});
      await sendCapturedWebhook(order_id);
      return send(response, 200, fields);
    }
    if (request.headers.authorization !== expectedAuth) return send(response, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    const body = JSON.parse((await readBody(request)) || "{}") as Record<string, unknown>;
    if (request.method === "POST" && url.pathname === "/v1/orders") {
      if (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount < 100) {
        return send(response, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The amount must be atleast INR 1.00" } });
      }
      const order: StandInOrder = {
        id: `order_${randomBytes(7).toString("hex")}`,
        amount: body.amount,
        currency: String(body.currency ?? "INR"),
        receipt: String(body.receipt ?? ""),
        status: "created",
        paymentId: null,
      };
      orders.set(order.id, order);
      return send(response, 200, { ...order, entity: "order", amount_paid: 0, amount_due: order.amount, attempts: 0, notes: body.notes ?? {} });
    }
    const refund = url.pathname.match(/^\/v1\/payments\/([^/]+)\/refund$/);
    if (request.method === "POST" && refund) {
      refunds.push({ paymentId: decodeURIComponent(refund[1]!), amount: Number(body.amount) });
      return send(response, 200, { id: `rfnd_${randomBytes(7).toString("hex")}`, entity: "refund", payment_id: refund[1], amount: body.amount, status: "processed" });
    }
    return send(response, 404, { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const standIn: RazorpayStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    orders,
    refunds,
    pay,
    sendCapturedWebhook,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
