import { startRazorpayStandIn } from "../../apps/server/src/testing/razorpay-stand-in.ts";
import { PAYMENT_STAND_IN } from "./payment-keys.ts";

// Playwright starts this beside the server under test (playwright.config.ts, webServer): the local
// Razorpay stand-in the server's real client talks to, whose checkout.js the browser loads and whose
// Pay button sends the signed webhook to our server. Stopped with the server when the run ends.
const port = Number(process.env.PAYMENT_STAND_IN_PORT);
const appUrl = process.env.APP_URL;
if (!port || !appUrl) throw new Error("PAYMENT_STAND_IN_PORT and APP_URL are required");

const standIn = await startRazorpayStandIn({ ...PAYMENT_STAND_IN, port, webhookUrl: `${appUrl}/api/payments/razorpay/webhook` });
console.log(`Razorpay stand-in listening at ${standIn.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void standIn.close().then(() => process.exit(0)));
