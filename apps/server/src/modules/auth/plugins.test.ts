import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { lastMessageTo } from "./delivery.ts";

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

function totp(base32: string, step = Math.floor(Date.now() / 30_000)): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

describe("better-auth plugins with the log delivery", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("phone number + OTP creates an account and signs in", async () => {
    const phone = "+15555550123";
    expect((await server.request("/api/auth/phone-number/send-otp", post({ phoneNumber: phone }))).status).toBe(200);
    const code = /code is (\d+)/.exec(lastMessageTo(phone)!.text)![1];
    const verified = await server.request("/api/auth/phone-number/verify", post({ phoneNumber: phone, code }));
    expect(verified.status).toBe(200);
    const me = await server.json<{ email: string }>("/api/me", { headers: { cookie: cookieOf(verified) } });
    expect(me.status).toBe(200);
  });

  it("email OTP signs in an existing user", async () => {
    const user = await signUpUser(server);
    expect((await server.request("/api/auth/email-otp/send-verification-otp", post({ email: user.email, type: "sign-in" }))).status).toBe(200);
    const otp = /code is (\d+)/.exec(lastMessageTo(user.email)!.text)![1];
    const signedIn = await server.request("/api/auth/sign-in/email-otp", post({ email: user.email, otp }));
    expect(signedIn.status).toBe(200);
    expect((await server.request("/api/me", { headers: { cookie: cookieOf(signedIn) } })).status).toBe(200);
  });

  it("magic link email carries a verify link that signs in", async () => {
    const user = await signUpUser(server);
    expect((await server.request("/api/auth/sign-in/magic-link", post({ email: user.email, callbackURL: "/profile" }))).status).toBe(200);
    const link = /(http\S+)/.exec(lastMessageTo(user.email)!.text)![1]!;
    const url = new URL(link);
    const verified = await server.request(`${url.pathname}${url.search}`);
    expect([200, 302]).toContain(verified.status);
    expect((await server.request("/api/me", { headers: { cookie: cookieOf(verified) } })).status).toBe(200);
  });

  it("password reset by emailed link, then the old password stops working", async () => {
    const user = await signUpUser(server);
    expect((await server.request("/api/auth/request-password-reset", post({ email: user.email, redirectTo: "/auth?mode=reset" }))).status).toBe(200);
    const link = new URL(/(http\S+)/.exec(lastMessageTo(user.email)!.text)![1]!);
    const token = link.pathname.split("/").pop()!;
    const weak = await server.request("/api/auth/reset-password", post({ token, newPassword: "password" }));
    expect(weak.status).toBe(400);
    expect((await server.request("/api/auth/reset-password", post({ token, newPassword: "a-brand-new-secret" }))).status).toBe(200);
    const old = await server.request("/api/auth/sign-in/email", post({ email: user.email, password: "correct-horse-battery" }));
    expect(old.status).toBe(401);
  });

  it("TOTP two-factor: enrol, verify, backup codes", async () => {
    const user = await signUpUser(server);
    const enabled = await server.json<{ totpURI: string; backupCodes: string[] }>(
      "/api/auth/two-factor/enable",
      post({ password: "correct-horse-battery" }, user.headers),
    );
    expect(enabled.status).toBe(200);
    expect(enabled.body.backupCodes.length).toBeGreaterThan(0);
    const secret = new URL(enabled.body.totpURI).searchParams.get("secret")!;
    const verified = await server.request("/api/auth/two-factor/verify-totp", post({ code: totp(secret) }, user.headers));
    expect(verified.status).toBe(200);
  });

  it("publishes a JWKS and issues bearer-usable sessions", async () => {
    const jwks = await server.json<{ keys: unknown[] }>("/api/auth/jwks");
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.length).toBeGreaterThan(0);
    const user = await signUpUser(server);
    const signIn = await server.request("/api/auth/sign-in/email", post({ email: user.email, password: "correct-horse-battery" }));
    const token = signIn.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const me = await server.json<{ email: string }>("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.body.email).toBe(user.email);
  });
});
