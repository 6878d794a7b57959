/** The test keys the e2e server and its Razorpay stand-in share (no real account, no network). */
export const PAYMENT_STAND_IN = { keyId: "rzp_test_e2e", keySecret: "e2e-stand-in-key-secret", webhookSecret: "e2e-stand-in-webhook-secret" };
