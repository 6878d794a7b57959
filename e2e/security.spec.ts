import { createHmac } from "node:crypto";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { messageCount, nextMessageMatch } from "./support/outbox.ts";
import { asReturningVisitor } from "./support/returning-visitor.ts";
import { signUpViaApi } from "./support/sign-up.ts";

// Issue #15 in a phone-sized browser: the app works under its own Content-Security-Policy, the
// shell carries the security headers, a shopper enrols in TOTP two-factor and signs in with a code,
// and the password-less ways in (a code by text, a code or a link by email) work from the sign-in page.

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it from the shown key. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** Collects CSP violations the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

async function firstProductId(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get("/api/products?limit=1")).json()) as { items: { id: string }[] };
  return items[0]!.id;
}

test("the shell carries the security headers and the app runs under its CSP without a violation", async ({ page, request }) => {
  const shell = await request.get("/");
  const csp = shell.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(shell.headers()["x-content-type-options"]).toBe("nosniff");
  expect(shell.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

  const productId = await firstProductId(request);
  await asReturningVisitor(page, request);
  const violations = await watchViolations(page);
  for (const path of ["/", "/explore", "/search?q=lamp", `/product/${productId}`, `/product-profile/${productId}`, "/brand-directory", "/auth", "/cart"]) {
    await page.goto(path);
    await expect(page.getByTestId("splash")).toHaveCount(0);
    // swallowed: a page that never goes quiet (a live stream) is still checked below.
    await page.waitForLoadState("networkidle").catch(() => {});
  }
  expect(violations).toEqual([]);
});

test("a shopper turns on TOTP two-factor and then signs in with a code from the app", async ({ page, request, baseURL }) => {
  await asReturningVisitor(page, request);
  const email = `totp-${Date.now()}@example.test`;
  const password = "correct-horse-battery";
  const signedUp = await signUpViaApi(page.request, { headers: { origin: baseURL! }, data: { email, password, name: "Totp Shopper" } });
  expect(signedUp.ok()).toBe(true);

  await page.goto("/account/security");
  const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
  await twoFactor.getByLabel("Password").fill(password);
  await twoFactor.getByRole("button", { name: "Set up two-factor" }).click();
  const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await twoFactor.getByLabel("Code from the app").fill(totp(secret));
  await twoFactor.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).not.toHaveCount(0);

  expect((await page.request.post("/api/auth/sign-out", { headers: { origin: baseURL! }, data: {} })).ok()).toBe(true);
  expect(((await (await page.request.get("/api/session")).json()) as { user: unknown }).user).toBeNull();

  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeVisible();
  await code.fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  const session = (await (await page.request.get("/api/session")).json()) as { user: { email: string } | null };
  expect(session.user?.email).toBe(email);
});

test("a shopper signs in with a code texted to their phone, then with a code and with a link emailed to them", async ({ page, request, baseURL }) => {
  await asReturningVisitor(page, request);
  const signedInAs = async () => ((await (await page.request.get("/api/session")).json()) as { user: { email: string } | null }).user;
  const signOut = async () => expect((await page.request.post("/api/auth/sign-out", { headers: { origin: baseURL! }, data: {} })).ok()).toBe(true);

  // A new number gets an account on the way in.
  const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with phone" }).click();
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByText(`We texted a code to ${phone}.`)).toBeVisible();
  await page.getByLabel("Code").fill(await nextMessageMatch(phone, /\b\d{4,8}\b/, 0));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  expect(await signedInAs()).not.toBeNull();
  await signOut();

  const email = `otp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  expect((await signUpViaApi(request, { headers: { origin: baseURL! }, data: { email, password: "correct-horse-battery", name: "Code Shopper" } })).ok()).toBe(true);
  const requestByEmail = async (button: string) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Email me a code or link" }).click();
    await page.getByLabel("Email").fill(email);
    const before = await messageCount(email);
    await page.getByRole("button", { name: button }).click();
    return before;
  };

  const beforeCode = await requestByEmail("Email me a code");
  await expect(page.getByText(`We emailed a code to ${email}.`)).toBeVisible();
  await page.getByLabel("Code").fill(await nextMessageMatch(email, /\b\d{6}\b/, beforeCode));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await signedInAs())?.email).toBe(email);
  await signOut();

  const beforeLink = await requestByEmail("Email me a sign-in link");
  await expect(page.getByText(`We emailed a sign-in link to ${email}. Open it on this device to continue.`)).toBeVisible();
  await page.goto(await nextMessageMatch(email, /https?:\/\/\S+/, beforeLink));
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await signedInAs())?.email).toBe(email);
});
